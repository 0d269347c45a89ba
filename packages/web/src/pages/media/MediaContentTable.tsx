import type { MediaContentItem } from '@moc/domain/api/mediaRelations'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { App, Button, Flex, Form, Input, Popconfirm, Tag } from 'antd'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { useStatusNames } from '../../engine/useStatusNames.ts'
import { VerifyStateCell } from '../../engine/VerifyStateCell.tsx'
import { EllipsisText } from '../../widgets/EllipsisText.tsx'
import { PagedTable } from '../../widgets/PagedTable.tsx'
import { SearchButtons } from '../../widgets/SearchButtons.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'
import { AddItemsDialog } from './AddItemsDialog.tsx'
import { itemLinks } from './mediaContentLinks.ts'

const PAGE = '媒体号-内容'
export const MEDIA_CONTENT_KEY = 'media-content'

type Change = { ids: number[]; top?: boolean; showState?: boolean }

/**
 * One tab of /mediaContent: the account's articles and videos (内容: 添加内容 puts existing ones under it, 移出 takes
 * them out) or its related topics, circles and 热议 (添加关联, 置顶, 显示 / 隐藏 on the account's page, 移除). The
 * keyword and page are kept in the URL; every button asks for its own action of 媒体号-内容.
 */
export function MediaContentTable({ accountId, type }: { accountId: number; type: string }) {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const grant = currentGrant()
  const may = (action: '添加' | '删除' | '置顶' | '显示/隐藏' | '评论') => can(grant, PAGE, action)
  const [form] = Form.useForm<{ keyword?: string }>()
  const { list, pagination, search } = usePagedQuery<MediaContentItem>(
    MEDIA_CONTENT_KEY,
    '/api/relation/mediaContentList',
    { mediaAccountId: accountId, type },
    { url: { params: ['keyword'], form } },
  )
  const statusNames = useStatusNames()
  const [selected, setSelected] = useState<number[]>([])
  const [adding, setAdding] = useState(false)
  const own = type === 'content'
  const refresh = () => queryClient.invalidateQueries({ queryKey: [MEDIA_CONTENT_KEY] })
  const done = (text: string) => {
    message.success(text, TOAST_SUCCESS_S)
    setSelected([])
    return refresh()
  }
  const failed = (err: Error) => message.error(err.message, TOAST_ERROR_S)

  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      own
        ? api.post('/api/mediaAccount/deleteRelation', { contentIds: ids })
        : api.post('/api/relation/delectBatch', { ids }),
    onSuccess: () => done(own ? '已移出' : '已移除'),
    onError: failed,
  })
  const change = useMutation({
    mutationFn: (c: Change) => api.post('/api/relation/updateBatch', c),
    onSuccess: (_, c) =>
      done(c.top !== undefined ? (c.top ? '已置顶' : '已取消置顶') : c.showState ? '已显示' : '已隐藏'),
    onError: failed,
  })
  const removeWord = own ? '移出' : '移除'
  const removeText = (what: string) =>
    own ? `确定将${what}移出此媒体号？内容本身不会删除` : `确定移除${what}的关联？`

  /** 置顶 / 取消置顶 or 显示 / 隐藏 of one relation: the word for what it is now, then for the other way. */
  const toggle = (r: MediaContentItem, key: 'top' | 'showState', [whenOn, whenOff]: [string, string]) => (
    <Button
      key={key}
      type="link"
      size="small"
      loading={change.isPending && change.variables?.ids[0] === r.id && change.variables[key] !== undefined}
      onClick={() => change.mutate({ ids: [r.id], [key]: !r[key] })}
    >
      {r[key] ? whenOn : whenOff}
    </Button>
  )

  const rowActions = (r: MediaContentItem) => {
    const links = itemLinks(r, accountId)
    const out: ReactNode[] = []
    if (links.comments && may('评论'))
      out.push(
        <Link key="comments" to={links.comments}>
          评论
        </Link>,
      )
    if (!own && may('置顶')) out.push(toggle(r, 'top', ['取消置顶', '置顶']))
    if (!own && may('显示/隐藏')) out.push(toggle(r, 'showState', ['隐藏', '显示']))
    if (may('删除'))
      out.push(
        <Popconfirm
          key="remove"
          title={removeText(`「${r.title}」`)}
          okText="确定"
          cancelText="取消"
          onConfirm={() => remove.mutateAsync([r.id]).catch(() => undefined)}
        >
          <Button
            type="link"
            size="small"
            danger
            loading={remove.isPending && remove.variables?.includes(r.id)}
          >
            {removeWord}
          </Button>
        </Popconfirm>,
      )
    return out
  }

  const columns: TableColumnsType<MediaContentItem> = [
    {
      key: 'title',
      title: own ? '标题' : '名称',
      render: (_, r) => {
        const to = itemLinks(r, accountId).item
        const text = <EllipsisText text={r.title} maxWidth={360} />
        return (
          <Flex gap={6} align="center">
            {r.top ? <Tag color="gold">置顶</Tag> : null}
            {to ? <Link to={to}>{text}</Link> : text}
          </Flex>
        )
      },
    },
    ...(own || type === 'interactive'
      ? [
          {
            key: 'kind',
            title: '类型',
            render: (_: unknown, r: MediaContentItem) => KIND_LABELS[r.kind] ?? r.kind,
          },
        ]
      : []),
    {
      key: 'verifyState',
      title: '审核状态',
      render: (_, r) =>
        r.verifyState === null ? (
          '--'
        ) : (
          <VerifyStateCell names={statusNames} verifyState={r.verifyState} rejectReason={null} />
        ),
    },
    {
      key: 'showState',
      title: own ? '显示状态' : '在媒体号显示',
      render: (_, r) => (
        <Flex gap={4} wrap>
          {r.showState ? <Tag color="blue">显示</Tag> : <Tag>隐藏</Tag>}
          {!own && !r.itemShowState ? <Tag>本身已隐藏</Tag> : null}
        </Flex>
      ),
    },
    ...(own || type === 'interactive'
      ? [{ key: 'comments', title: '评论数', dataIndex: 'comments', render: (v: unknown) => String(v ?? 0) }]
      : []),
    { key: 'createdAt', title: own ? '创建时间' : '添加时间', dataIndex: 'createdAt', render: formatTime },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={4} wrap align="center">
          {rowActions(r)}
        </Flex>
      ),
    },
  ]

  const confirmBatch = (what: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: '提示',
      content: what,
      okText: '确定',
      cancelText: '取消',
      onOk: () => run().catch(() => undefined),
    })
  const addLabel = own ? '添加内容' : '添加关联'
  const batch = selected.length > 0
  return (
    <>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Form form={form} layout="inline" name="media-content-search" onFinish={search}>
          <Form.Item label={own ? '标题' : '名称'} name="keyword">
            <Input allowClear maxLength={50} placeholder={`请输入${own ? '标题' : '名称'}`} />
          </Form.Item>
          <SearchButtons onReset={() => search({})} />
        </Form>
        {may('添加') ? (
          <Button type="primary" onClick={() => setAdding(true)}>
            {addLabel}
          </Button>
        ) : null}
      </Flex>
      <Flex gap={8} align="center" wrap style={{ marginTop: 16 }}>
        {may('删除') ? (
          <Button
            danger
            disabled={!batch}
            onClick={() =>
              confirmBatch(removeText(`选中的 ${selected.length} 条`), () => remove.mutateAsync(selected))
            }
          >
            批量{removeWord}
          </Button>
        ) : null}
        {!own && may('显示/隐藏')
          ? [true, false].map((show) => (
              <Button
                key={String(show)}
                disabled={!batch}
                onClick={() =>
                  confirmBatch(`确定${show ? '显示' : '隐藏'}选中的 ${selected.length} 条？`, () =>
                    change.mutateAsync({ ids: selected, showState: show }),
                  )
                }
              >
                批量{show ? '显示' : '隐藏'}
              </Button>
            ))
          : null}
        {batch ? <span>已选 {selected.length} 条</span> : null}
      </Flex>
      <PagedTable<MediaContentItem>
        list={list}
        pagination={pagination}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
      />
      {adding ? (
        <AddItemsDialog
          accountId={accountId}
          type={type}
          title={addLabel}
          onClose={() => setAdding(false)}
          onDone={refresh}
        />
      ) : null}
    </>
  )
}

const KIND_LABELS: Record<string, string> = { article: '文章', video: '视频', discuss: '热议' }
