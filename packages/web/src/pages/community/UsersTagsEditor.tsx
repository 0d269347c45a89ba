import { USER_TAGS_MAX } from '@moc/domain/api/communityUsers'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { TAG_TYPE, type Tag } from '@moc/domain/resources/content/tags'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex } from 'antd'
import { useEffect, useState } from 'react'
import { api } from '../../api/client.ts'
import { PagedSelect } from '../../widgets/PagedSelect.tsx'
import type { Paged } from '../../widgets/usePagedQuery.ts'

const findUserTags = (body: Record<string, unknown>) =>
  api.post<Paged<Tag>>('/api/tag/findTags', { type: TAG_TYPE.user, ...body })

/** User tags (/userTags) as a multiple paged select. */
export function UserTagSelect(props: {
  id?: string
  value?: number[]
  onChange?: (v: number[]) => void
  disabled?: boolean
}) {
  return (
    <PagedSelect
      id={props.id}
      value={props.value}
      onChange={(v) => props.onChange?.(Array.isArray(v) ? v : [])}
      disabled={props.disabled}
      multiple
      max={USER_TAGS_MAX}
      listKey={`tags:${TAG_TYPE.user}`}
      placeholder="请选择用户标签"
      fetchPage={({ page, pageSize, keyword }) =>
        findUserTags({ page, pageSize, name: keyword || undefined })
      }
      fetchByIds={async (ids) => (await findUserTags({ ids, pageSize: ids.length })).items}
    />
  )
}

/**
 * The user tags of a user or a portrait's rule, saved on their own (POST /api/<resource>/tags): the engine's form draws
 * a `tags` field as content tags (decision 0040). `onChange` follows the choice before it is saved (a portrait's live
 * count).
 */
export function UsersTagsEditor({
  resource,
  id,
  saved,
  mayEdit,
  onChange,
}: {
  resource: 'appUser' | 'portrait'
  id: number
  saved: number[]
  mayEdit: boolean
  onChange?: (tags: number[]) => void
}) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [tags, setTags] = useState(saved)
  useEffect(() => setTags(saved), [saved])
  const changed = tags.join() !== saved.join()
  const save = useMutation({
    mutationFn: () => api.post(`/api/${resource}/tags`, { ids: [id], tags }),
    onSuccess: async () => {
      message.success('标签已保存', TOAST_SUCCESS_S)
      await queryClient.invalidateQueries({ queryKey: ['resource-detail', resource] })
      await queryClient.invalidateQueries({ queryKey: ['resource-list', resource] })
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  return (
    <Flex gap={8} align="center" style={{ maxWidth: 720 }}>
      <label htmlFor={`${resource}-tags`}>用户标签：</label>
      <div style={{ flex: 1 }}>
        <UserTagSelect
          id={`${resource}-tags`}
          value={tags}
          disabled={!mayEdit}
          onChange={(v) => {
            setTags(v)
            onChange?.(v)
          }}
        />
      </div>
      {mayEdit ? (
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
          保存标签
        </Button>
      ) : null}
    </Flex>
  )
}
