import { AWARD_SOURCES, type AwardHolder } from '@moc/domain/api/tasks'
import { avatarFrame } from '@moc/domain/resources/marketing/avatarFrame'
import { medal } from '@moc/domain/resources/marketing/medal'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Card, Flex, Table } from 'antd'
import { Link, useSearchParams } from 'react-router'
import { formatTime } from '../../../engine/displayValue.ts'
import { detailQuery } from '../../../engine/prefetchForm.ts'
import { ResourceForm } from '../../../engine/ResourceForm.tsx'
import { useCommands } from '../../../engine/useCommands.tsx'
import { usePagedQuery } from '../../../widgets/usePagedQuery.ts'

/** 获得用户: who holds the medal or frame — by its rule or by 发放 (who gave it, why) — newest first, with 发放. */
function Holders({ def, id }: { def: ResourceDef; id: number }) {
  const queryClient = useQueryClient()
  const key = `award-holders-${def.name}`
  const holders = usePagedQuery<AwardHolder>(key, `/api/${def.name}/holders`, { id })
  const item = useQuery(detailQuery(def, id))
  const commands = useCommands(def, {
    onDone: () => queryClient.invalidateQueries({ queryKey: [key] }),
  })
  const row = item.data ? { id, title: item.data.title, ...item.data.fields } : undefined
  return (
    <Card
      title={`获得用户（${holders.list.data?.total ?? 0}）`}
      extra={row ? <Flex gap={4}>{commands.rowButtons(row)}</Flex> : null}
    >
      <Table<AwardHolder>
        aria-label="获得用户"
        rowKey={(r) => `${r.userId}`}
        size="small"
        loading={holders.list.isFetching}
        dataSource={holders.list.data?.items}
        pagination={holders.pagination}
        locale={{ emptyText: holders.list.isFetching ? '加载中...' : '暂无数据' }}
        columns={[
          {
            key: 'nickname',
            title: '用户',
            dataIndex: 'nickname',
            render: (v: string, r) => <Link to={`/userDetail?id=${r.userId}`}>{v || `#${r.userId}`}</Link>,
          },
          { key: 'phone', title: '手机号', dataIndex: 'phone', render: (v: string) => v || '--' },
          {
            key: 'source',
            title: '获得方式',
            dataIndex: 'source',
            render: (v: string) => AWARD_SOURCES[v as keyof typeof AWARD_SOURCES] ?? v,
          },
          {
            key: 'grantedByName',
            title: '发放人',
            dataIndex: 'grantedByName',
            render: (v: string | null) => v ?? '--',
          },
          { key: 'reason', title: '原因', dataIndex: 'reason', render: (v: string) => v || '--' },
          { key: 'createdAt', title: '获得时间', dataIndex: 'createdAt', render: formatTime },
        ]}
      />
      {commands.dialog}
    </Card>
  )
}

function AwardDetail({ def }: { def: ResourceDef }) {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  return (
    <Flex vertical gap={16}>
      <ResourceForm def={def} />
      {id !== undefined ? <Holders def={def} id={id} /> : null}
    </Flex>
  )
}

/** /taskMedalDetail: the engine's form of a medal, then its holders (decision 0050). */
export function MedalDetailPage() {
  return <AwardDetail def={medal} />
}

/** /taskAvatarDetail: the engine's form of an avatar frame, then its holders. */
export function AvatarFrameDetailPage() {
  return <AwardDetail def={avatarFrame} />
}
