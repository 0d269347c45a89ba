import type { circleTopItemSchema } from '@moc/domain/api/communityContent'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { CIRCLE_CATEGORIES, circle } from '@moc/domain/resources/community/circle'
import { post } from '@moc/domain/resources/community/post'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Descriptions, Flex, List, Tag, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import type { z } from 'zod'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { reorderedIds } from '../../engine/derive.ts'
import { listQueryKey } from '../../engine/useResourceList.ts'
import type { Paged } from '../../widgets/usePagedQuery.ts'
import { PostsOfList, useOwnerId } from './PostsOfList.tsx'

const FormDrawer = lazy(() => import('../../engine/FormDrawer.tsx'))
const ResourceForm = lazy(() =>
  import('../../engine/ResourceForm.tsx').then((m) => ({ default: m.ResourceForm })),
)

type Top = z.infer<typeof circleTopItemSchema>
/** A circle's or topic's detail as the engine answers it. */
export interface OwnerDetail {
  showState?: boolean
  fields?: Record<string, unknown>
}
const TOP_MAX = 100

/**
 * 圈子内容 (spec §2 /groupContent?id=; §7 Circles content calls; decision 0042): the circle at a glance, its topped
 * posts in the order the app shows them (上移 / 下移: POST /api/circle/content/top/sorting), and all its posts (the
 * engine's post list, filtered by the circle).
 */
export default function CirclesContentPage() {
  const id = useOwnerId('circleId')
  // Without a circle this is where a new one is made (the list's 新增圈子).
  if (id === undefined)
    return (
      <Suspense fallback={null}>
        <ResourceForm def={circle} />
      </Suspense>
    )
  return (
    <Flex vertical gap={16}>
      <CircleSummary id={id} />
      <TopOrder circleId={id} />
      <PostsOfList field="circleId" id={id} />
    </Flex>
  )
}

/**
 * 编辑资料 of a circle or topic, in the engine's form drawer over its content screen (the row's 编辑 of its list
 * lands on that screen).
 */
export function EditOwner({ def, id }: { def: ResourceDef; id: number }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  if (!can(currentGrant(), def.permissionPage, '编辑')) return null
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        编辑资料
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FormDrawer
            def={def}
            target={{ id }}
            inPlace
            onClose={() => {
              setOpen(false)
              void queryClient.invalidateQueries({ queryKey: listQueryKey(post) })
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}

function CircleSummary({ id }: { id: number }) {
  const item = useQuery({
    queryKey: [...listQueryKey(post), 'circle', id],
    queryFn: () => api.get<OwnerDetail>(`/api/${circle.name}/detail`, { id }),
  })
  if (item.error) return <Alert type="error" showIcon title={item.error.message} />
  const f = item.data?.fields ?? {}
  const shown = item.data?.showState !== false
  return (
    <Card
      title={`圈子：${String(f.name ?? '')}`}
      loading={item.isLoading}
      extra={<EditOwner def={circle} id={id} />}
    >
      <Descriptions size="small" column={4}>
        <Descriptions.Item label="分类">
          {CIRCLE_CATEGORIES[f.category as keyof typeof CIRCLE_CATEGORIES] ?? '--'}
        </Descriptions.Item>
        <Descriptions.Item label="成员数">{String(f.memberCount ?? 0)}</Descriptions.Item>
        <Descriptions.Item label="帖子数">{String(f.posts ?? 0)}</Descriptions.Item>
        <Descriptions.Item label="状态">
          {shown ? <Tag color="blue">开启</Tag> : <Tag>关闭</Tag>}
          {f.recommend ? <Tag color="gold">推荐</Tag> : null}
          {f.postReview ? <Tag>发帖需审核</Tag> : null}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  )
}

function TopOrder({ circleId }: { circleId: number }) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const key = ['circle-top', circleId]
  const top = useQuery({
    queryKey: [...listQueryKey(post), key],
    queryFn: () => api.get<Paged<Top>>('/api/circle/content/top', { circleId, pageSize: TOP_MAX }),
  })
  const mayTop = can(currentGrant(), post.permissionPage, '置顶')
  const sort = useMutation({
    mutationFn: (ids: number[]) => api.post('/api/circle/content/top/sorting', { circleId, ids }),
    onSuccess: () => {
      message.success('排序成功', TOAST_SUCCESS_S)
      return queryClient.invalidateQueries({ queryKey: listQueryKey(post) })
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const rows = top.data?.items ?? []
  const ids = rows.map((r) => r.id)
  return (
    <Card title="置顶帖子" extra={<Typography.Text type="secondary">按 App 中的显示顺序</Typography.Text>}>
      {top.error ? <Alert type="error" showIcon title={top.error.message} /> : null}
      <List
        size="small"
        loading={top.isLoading}
        dataSource={rows}
        locale={{ emptyText: '暂无置顶帖子' }}
        renderItem={(r, i) => (
          <List.Item
            actions={
              mayTop
                ? [
                    <Button
                      key="up"
                      type="link"
                      size="small"
                      disabled={i === 0 || sort.isPending}
                      onClick={() => sort.mutate(reorderedIds(ids, i, i - 1))}
                    >
                      上移
                    </Button>,
                    <Button
                      key="down"
                      type="link"
                      size="small"
                      disabled={i === rows.length - 1 || sort.isPending}
                      onClick={() => sort.mutate(reorderedIds(ids, i, i + 1))}
                    >
                      下移
                    </Button>,
                  ]
                : []
            }
          >
            <Flex gap={8} align="center">
              <Tag color="gold">{i + 1}</Tag>
              <Link to={`/postAuditDetail?id=${r.id}`}>
                <Typography.Text ellipsis style={{ maxWidth: 560 }}>
                  {r.title || r.body}
                </Typography.Text>
              </Link>
              {r.showState ? null : <Tag>已隐藏</Tag>}
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  )
}
