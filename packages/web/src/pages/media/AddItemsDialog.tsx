import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { article } from '@moc/domain/resources/article'
import { circle } from '@moc/domain/resources/community/circle'
import { topic } from '@moc/domain/resources/community/topic'
import { discuss } from '@moc/domain/resources/discuss'
import type { ResourceDef } from '@moc/domain/resources/types'
import { video } from '@moc/domain/resources/video'
import { useMutation } from '@tanstack/react-query'
import { Alert, App, Form, Modal, Radio } from 'antd'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { listTabs, resourceApi } from '../../engine/derive.ts'
import { PagedSelect } from '../../widgets/PagedSelect.tsx'
import type { Paged } from '../../widgets/usePagedQuery.ts'

/** What each tab adds, picked by name from that definition's own list. */
const SOURCES: Record<string, ResourceDef[]> = {
  content: [article, video],
  topic: [topic],
  circle: [circle],
  interactive: [discuss],
}
const PICK_MAX = 100

/** One page of a definition's list (its first tab), as options, searched by its title field. */
const pickPage = (def: ResourceDef) => async (q: { page: number; pageSize: number; keyword: string }) => {
  const paths = resourceApi(def)
  const found = await api.get<Paged<{ id: number; title?: string }>>(
    paths.list,
    paths.withKind({
      page: q.page,
      pageSize: q.pageSize,
      type: listTabs(def)[0]?.key,
      ...(q.keyword ? { [def.titleField ?? 'title']: q.keyword } : {}),
    }),
  )
  return { ...found, items: found.items.map((r) => ({ id: r.id, name: r.title ?? `#${r.id}` })) }
}

/**
 * 添加内容 / 添加关联 of a /mediaContent tab: existing articles or videos put under the account (POST
 * /api/mediaAccount/addRelation), or topics, circles or 热议 related to it (POST /api/relation/insertBatch).
 */
export function AddItemsDialog({
  accountId,
  type,
  title,
  onClose,
  onDone,
}: {
  accountId: number
  type: string
  title: string
  onClose: () => void
  onDone: () => Promise<unknown>
}) {
  const { message } = App.useApp()
  const sources = SOURCES[type] ?? []
  const [source, setSource] = useState(sources[0]?.name)
  const def = sources.find((d) => d.name === source) ?? sources[0]
  const [ids, setIds] = useState<number[]>([])
  const add = useMutation({
    mutationFn: () =>
      type === 'content'
        ? api.post('/api/mediaAccount/addRelation', { mediaAccountId: accountId, contentIds: ids })
        : api.post('/api/relation/insertBatch', { mediaAccountId: accountId, type, ids }),
    onSuccess: async () => {
      message.success('添加成功', TOAST_SUCCESS_S)
      await onDone()
      onClose()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  return (
    <Modal
      open
      title={title}
      okText="添加"
      cancelText="取消"
      onOk={() => add.mutate()}
      okButtonProps={{ disabled: ids.length === 0, loading: add.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      {add.error ? (
        <Alert type="error" showIcon title={add.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Form layout="vertical">
        {sources.length > 1 ? (
          <Form.Item label="类型">
            <Radio.Group
              value={def?.name}
              onChange={(e) => {
                setSource(e.target.value as string)
                setIds([])
              }}
              options={sources.map((d) => ({ value: d.name, label: d.label }))}
            />
          </Form.Item>
        ) : null}
        {def ? (
          <Form.Item label={`选择${def.label}`} required>
            <PagedSelect
              key={def.name}
              multiple
              max={PICK_MAX}
              value={ids}
              onChange={(v) => setIds(Array.isArray(v) ? v : [])}
              listKey={`media-content-pick:${def.name}`}
              placeholder={`输入名称搜索${def.label}`}
              fetchPage={pickPage(def)}
              // Only picked options are shown, and the select knows their names.
              fetchByIds={async () => []}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  )
}
