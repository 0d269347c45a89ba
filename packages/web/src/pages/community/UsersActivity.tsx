import type { UserActivity } from '@moc/domain/api/communityUsers'
import { can } from '@moc/domain/permissions/can'
import { APP_PLATFORMS } from '@moc/domain/resources/app/appOptions'
import { recordResources } from '@moc/domain/resources/index'
import type { TableColumnsType } from 'antd'
import { Card, Table, Tag } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { useStatusNames } from '../../engine/useStatusNames.ts'
import { VerifyStateCell } from '../../engine/VerifyStateCell.tsx'

type Section<K extends 'posts' | 'comments' | 'reports'> = UserActivity[K]['items'][number]

/** An option's label in another definition (a report's reason), the value itself when that definition has none. */
const optionLabel = (resource: string, field: string, v: string) =>
  recordResources.get(resource)?.fields[field]?.options?.[v] ?? v

/** 共 N 条 of a section showing only the latest, with a link to the full list where there is one. */
function totalText(total: number, shown: number, all?: { to: string; page: string }) {
  const link = all && can(currentGrant(), all.page, '查看') ? <Link to={all.to}>查看全部</Link> : null
  return (
    <span>
      共 {total} 条{total > shown ? `，显示最近 ${shown} 条` : ''} {link}
    </span>
  )
}

/** A titled table of one kind of the account's activity. */
function SectionCard<T extends object>(props: {
  title: string
  rowKey?: string
  extra: ReactNode
  rows: T[]
  columns: TableColumnsType<T>
  label: string
}) {
  return (
    <Card size="small" title={props.title} extra={props.extra} style={{ marginTop: 16 }}>
      <Table<T>
        aria-label={props.label}
        rowKey={props.rowKey ?? 'id'}
        size="small"
        pagination={false}
        dataSource={props.rows}
        columns={props.columns}
        locale={{ emptyText: '暂无数据' }}
      />
    </Card>
  )
}

/**
 * What /userDetail and /operateUserDetail show below the account's own fields (GET /api/<name>/activity): who locked
 * it, the devices it signed in from, and its latest posts, comments and reports — by it or about it.
 */
export function UsersActivity({ userId, activity }: { userId: number; activity: UserActivity }) {
  const names = useStatusNames()
  const verify = (v: number) => <VerifyStateCell names={names} verifyState={v} rejectReason={null} />
  const shown = (v: boolean) => (v ? <Tag color="blue">显示</Tag> : <Tag>隐藏</Tag>)
  const post = recordResources.get('post')
  const postList = post?.fields.userId?.search
    ? { to: `${post.screens.list}?userId=${userId}`, page: post.permissionPage }
    : undefined
  return (
    <>
      <SectionCard<UserActivity['devices'][number]>
        title="登录设备"
        label="登录设备"
        rowKey="deviceId"
        extra={`共 ${activity.devices.length} 台`}
        rows={activity.devices}
        columns={[
          { key: 'deviceId', title: '设备ID', dataIndex: 'deviceId' },
          {
            key: 'platform',
            title: '平台',
            dataIndex: 'platform',
            render: (v: string | null) => (v ? (APP_PLATFORMS[v as keyof typeof APP_PLATFORMS] ?? v) : '--'),
          },
          { key: 'model', title: '机型', dataIndex: 'model', render: (v: string) => v || '--' },
          { key: 'appVersion', title: 'App版本', dataIndex: 'appVersion', render: (v: string) => v || '--' },
          { key: 'lastSeenAt', title: '最近使用', dataIndex: 'lastSeenAt', render: formatTime },
        ]}
      />
      <SectionCard<Section<'posts'>>
        title="帖子"
        label="帖子"
        extra={totalText(activity.posts.total, activity.posts.items.length, postList)}
        rows={activity.posts.items}
        columns={[
          { key: 'title', title: '标题', dataIndex: 'title' },
          {
            key: 'circleName',
            title: '圈子',
            dataIndex: 'circleName',
            render: (v: string | null) => v ?? '--',
          },
          { key: 'verifyState', title: '审核状态', dataIndex: 'verifyState', render: verify },
          {
            key: 'showState',
            title: '显示状态',
            render: (_, r) => (r.recycled ? <Tag>回收站</Tag> : shown(r.showState)),
          },
          { key: 'createdAt', title: '发布时间', dataIndex: 'createdAt', render: formatTime },
        ]}
      />
      <SectionCard<Section<'comments'>>
        title="评论"
        label="评论"
        extra={totalText(activity.comments.total, activity.comments.items.length)}
        rows={activity.comments.items}
        columns={[
          { key: 'body', title: '评论内容', dataIndex: 'body' },
          {
            key: 'targetTitle',
            title: '评论对象',
            dataIndex: 'targetTitle',
            render: (v: string | null) => v ?? '--',
          },
          { key: 'verifyState', title: '审核状态', dataIndex: 'verifyState', render: verify },
          { key: 'showState', title: '显示状态', dataIndex: 'showState', render: shown },
          { key: 'createdAt', title: '评论时间', dataIndex: 'createdAt', render: formatTime },
        ]}
      />
      <SectionCard<Section<'reports'>>
        title="举报"
        label="举报"
        extra={totalText(activity.reports.total, activity.reports.items.length)}
        rows={activity.reports.items}
        columns={[
          {
            key: 'role',
            title: '关系',
            dataIndex: 'role',
            render: (v: string) => (v === 'reporter' ? <Tag>举报他人</Tag> : <Tag color="red">被举报</Tag>),
          },
          {
            key: 'targetType',
            title: '对象类型',
            dataIndex: 'targetType',
            render: (v: string) => optionLabel('contentReport', 'targetType', v),
          },
          {
            key: 'targetTitle',
            title: '举报对象',
            dataIndex: 'targetTitle',
            render: (v: string) => v || '--',
          },
          {
            key: 'reason',
            title: '举报原因',
            dataIndex: 'reason',
            render: (v: string) => optionLabel('contentReport', 'reason', v),
          },
          {
            key: 'state',
            title: '处理状态',
            dataIndex: 'state',
            render: (v: string) => optionLabel('contentReport', 'state', v),
          },
          { key: 'createdAt', title: '举报时间', dataIndex: 'createdAt', render: formatTime },
        ]}
      />
    </>
  )
}
