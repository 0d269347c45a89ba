import { can } from '@moc/domain/permissions/can'
import { contentTag, TAG_TYPE, type Tag } from '@moc/domain/resources/content/tags'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { PagedSelect, type PagedSelectProps } from './PagedSelect.tsx'
import type { Paged } from './usePagedQuery.ts'

export type PickerProps = Pick<
  PagedSelectProps,
  'id' | 'value' | 'onChange' | 'disabled' | 'autoFocus' | 'max'
> & {
  label: string
}

const findTags = (body: Record<string, unknown>) => api.post<Paged<Tag>>('/api/tag/findTags', body)

/** The content tags of `ids` (those that still exist). */
export const contentTagsByIds = async (ids: number[]) =>
  (await findTags({ type: TAG_TYPE.content, ids, pageSize: ids.length })).items

/** Content tags (type 0) as a multiple paged select; 添加标签「…」 creates one inline with 内容-标签 添加. */
export function TagSelect({ label, ...rest }: PickerProps) {
  const type = TAG_TYPE.content
  const mayAdd = can(currentGrant(), contentTag.permissionPage, '添加')
  return (
    <PagedSelect
      {...rest}
      multiple
      listKey={`tags:${type}`}
      placeholder={`请选择${label}`}
      fetchPage={({ page, pageSize, keyword }) =>
        findTags({ type, page, pageSize, name: keyword || undefined })
      }
      fetchByIds={contentTagsByIds}
      create={
        mayAdd
          ? { label: '添加标签', run: (name) => api.get<Tag>('/api/tag/add', { type, name }) }
          : undefined
      }
    />
  )
}
