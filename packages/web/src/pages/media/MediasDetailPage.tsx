import { can } from '@moc/domain/permissions/can'
import { mediaAccount } from '@moc/domain/resources/media/mediaAccount'
import { mediaOperator } from '@moc/domain/resources/media/mediaOperator'
import { mediaSon } from '@moc/domain/resources/media/mediaSon'
import { useQuery } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Card, Descriptions, Flex, Tabs, Typography } from 'antd'
import { isValidElement, useState } from 'react'
import { Link } from 'react-router'
import { currentGrant } from '../../api/session.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { detailQuery } from '../../engine/prefetchForm.ts'
import { ResourceForm, ResourceFormLoader } from '../../engine/ResourceForm.tsx'
import { useCommands } from '../../engine/useCommands.tsx'
import type { ResourceRow } from '../../engine/useResourceList.ts'
import { PagedTable } from '../../widgets/PagedTable.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'
import { AccountStateTag } from './AccountHeader.tsx'
import { AccountList } from './AccountList.tsx'
import { MEDIA_CONTENT_TABS, mediaContentUrl } from './mediaContentTabs.ts'
import { useAccountParam } from './useAccountParam.ts'

const CONTENT_PAGE = '媒体号-内容'

/**
 * 媒体号详情 (spec §2 /mediasDetail; decision 0043). Without an account: the engine's form, where an operator applies
 * (fills the fields, uploads 资质证明, 保存 / 保存并提交审核). With one (`?id=`, or `mediaAccountId` once its
 * sub-account list has filtered by it): its form, where it stands (正常 / 已锁定 / 已冻结, with 冻结 / 锁定 and their
 * undoing), and what hangs off it — its sub-accounts (the engine's 子账号 list, a panel of this screen), its
 * operators and its content.
 */
export default function MediasDetailPage() {
  const { id } = useAccountParam(true)
  if (id === undefined) return <ResourceForm def={mediaAccount} />
  return (
    <Flex vertical gap={16}>
      <AccountState id={id} />
      <ResourceFormLoader def={mediaAccount} id={id} host={{ kind: 'screen' }} />
      <AccountPanels id={id} />
    </Flex>
  )
}

/** The commands that change a state: a frozen account is unfrozen first (a freeze outranks a lock). */
const STATE_COMMANDS: Record<string, string[]> = {
  normal: ['freeze', 'lock'],
  locked: ['freeze', 'unlock'],
  frozen: ['unfreeze'],
}

/** Where the account stands, and 冻结 / 解冻 / 锁定 / 解锁 (the definition's commands). */
function AccountState({ id }: { id: number }) {
  const item = useQuery(detailQuery(mediaAccount, id))
  const commands = useCommands(mediaAccount)
  if (!item.data) return null
  const fields = item.data.fields
  const state = String(fields.state ?? 'normal')
  const offered = STATE_COMMANDS[state] ?? []
  const buttons = commands
    .rowButtons({ id, title: item.data.title, ...fields })
    .filter((b) => isValidElement(b) && offered.includes(String(b.key)))
  return (
    <Card title="账号状态" extra={<Flex gap={4}>{buttons}</Flex>}>
      <Descriptions column={3} size="small" aria-label="账号状态">
        <Descriptions.Item label="状态">
          <AccountStateTag state={state} />
        </Descriptions.Item>
        {state === 'normal' ? null : (
          <Descriptions.Item label={state === 'frozen' ? '冻结原因' : '锁定原因'}>
            {String(fields.stateReason || '--')}
          </Descriptions.Item>
        )}
        {state === 'locked' ? (
          <Descriptions.Item label="锁定至">
            {fields.lockedUntil ? formatTime(fields.lockedUntil) : '永久'}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {commands.dialog}
    </Card>
  )
}

function AccountPanels({ id }: { id: number }) {
  const [tab, setTab] = useState('sons')
  const mayContent = can(currentGrant(), CONTENT_PAGE, '查看')
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'sons', label: '子账号', children: <AccountList def={mediaSon} accountId={id} /> },
          { key: 'operators', label: '运营者', children: <AccountOperators id={id} /> },
          ...(mayContent
            ? [{ key: 'content', label: '媒体号内容', children: <AccountContentLinks id={id} /> }]
            : []),
        ]}
      />
    </Card>
  )
}

const refOf = (row: ResourceRow, name: string) => (row.refs as Record<string, string> | undefined)?.[name]

/** The account's operators at a glance; they are managed on /mediasOperator, filtered to the account. */
function AccountOperators({ id }: { id: number }) {
  const { list, pagination } = usePagedQuery<ResourceRow>(
    `media-operators:${id}`,
    `/api/${mediaOperator.name}/list`,
    { mediaAccountId: id },
  )
  const columns: TableColumnsType<ResourceRow> = [
    { key: 'user', title: '运营者', render: (_, r) => refOf(r, 'userId') ?? `#${String(r.userId)}` },
    { key: 'role', title: '媒体号角色', render: (_, r) => refOf(r, 'roleId') ?? `#${String(r.roleId)}` },
    { key: 'remark', title: '备注', dataIndex: 'remark', render: (v: unknown) => String(v || '--') },
    { key: 'createdAt', title: '添加时间', dataIndex: 'createdAt', render: formatTime },
  ]
  return (
    <>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">运营者为 App 用户，按媒体号角色运营此媒体号</Typography.Text>
        <Link to={`/mediasOperator?mediaAccountId=${id}`}>管理运营者</Link>
      </Flex>
      <PagedTable<ResourceRow>
        list={list}
        pagination={pagination}
        columns={columns}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
      />
    </>
  )
}

/** The account's content lives on /mediaContent: a way there, per tab. */
function AccountContentLinks({ id }: { id: number }) {
  return (
    <Flex gap={16} align="center" wrap>
      <Typography.Text>查看并管理此媒体号的内容：</Typography.Text>
      {Object.entries(MEDIA_CONTENT_TABS).map(([type, label]) => (
        <Link key={type} to={mediaContentUrl(id, type)}>
          {label}
        </Link>
      ))}
    </Flex>
  )
}
