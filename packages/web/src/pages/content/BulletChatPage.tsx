import { PAGE_SIZE_DEFAULT } from '@moc/domain/constants'
import { bulletTemplate } from '@moc/domain/resources/content/bulletTemplate'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, Button, Card, Drawer, Flex, Input, Table, Tabs } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { type Paged, tablePagination } from '../../widgets/usePagedQuery.ts'

// The engine's list, loaded when 弹幕模板 first opens.
const ResourceList = lazy(() =>
  import('../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

interface BulletContent {
  contentId: number
  kind: string
  title: string
  total: number
  hidden: number
  lastAt: string | null
}

const TABS = [
  { key: 'video', label: '视频弹幕' },
  { key: 'live', label: '直播弹幕' },
] as const

/**
 * 弹幕管理 (spec §2 /bulletChat type video|live): the videos or live streams that carry danmaku, with counts and the
 * latest time, searchable by title; 管理弹幕 opens /bulletChatDetail. 弹幕模板 opens the engine's list of the preset
 * phrases (resources/content/bulletTemplate.ts) in a drawer.
 */
export default function BulletChatPage() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const type = params.get('type') === 'live' ? 'live' : 'video'
  const [query, setQuery] = useState({ page: 1, pageSize: PAGE_SIZE_DEFAULT, title: '' })
  const [templates, setTemplates] = useState(false)
  const list = useQuery({
    queryKey: ['bullet-contents', type, query],
    queryFn: () =>
      api.get<Paged<BulletContent>>('/api/bullet/contents', {
        type,
        ...query,
        title: query.title || undefined,
      }),
    placeholderData: keepPreviousData,
  })
  const columns: TableColumnsType<BulletContent> = [
    { key: 'title', title: type === 'live' ? '直播标题' : '视频标题', dataIndex: 'title' },
    { key: 'total', title: '弹幕数', dataIndex: 'total' },
    { key: 'hidden', title: '已隐藏', dataIndex: 'hidden' },
    { key: 'lastAt', title: '最新弹幕时间', dataIndex: 'lastAt', render: formatTime },
    {
      key: 'actions',
      title: '操作',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => navigate(`/bulletChatDetail?id=${r.contentId}&type=${type}`)}
        >
          管理弹幕
        </Button>
      ),
    },
  ]
  return (
    <Card>
      <Tabs
        activeKey={type}
        onChange={(t) => {
          setParams(t === 'video' ? {} : { type: t })
          setQuery((q) => ({ ...q, page: 1 }))
        }}
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
      />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label="标题"
          placeholder="请输入标题"
          maxLength={100}
          enterButton="搜索"
          style={{ width: 300 }}
          onSearch={(v) => setQuery((q) => ({ ...q, page: 1, title: v.trim() }))}
        />
        <Button onClick={() => setTemplates(true)}>弹幕模板</Button>
      </Flex>
      {type === 'live' ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="直播上线后，直播间的弹幕在此列出" />
      ) : null}
      {list.error ? (
        <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<BulletContent>
        rowKey="contentId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
        pagination={tablePagination(query.page, query.pageSize, list.data?.total ?? 0, (p, s) =>
          setQuery((q) => ({ ...q, page: p, pageSize: s })),
        )}
      />
      <Drawer open={templates} onClose={() => setTemplates(false)} title={bulletTemplate.label} size={960}>
        {templates ? (
          <Suspense fallback={null}>
            <ResourceList def={bulletTemplate} embedded />
          </Suspense>
        ) : null}
      </Drawer>
    </Card>
  )
}
