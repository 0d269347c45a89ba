import type { UserActivity } from '@moc/domain/api/communityUsers'
import { appUser, USER_STATES } from '@moc/domain/resources/community/appUser'
import { operatorUser } from '@moc/domain/resources/community/operatorUser'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Card, Descriptions, Flex, Tag } from 'antd'
import { useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { formatTime } from '../../engine/displayValue.ts'
import { detailQuery } from '../../engine/prefetchForm.ts'
import { ResourceForm } from '../../engine/ResourceForm.tsx'
import { useCommands } from '../../engine/useCommands.tsx'
import { UserAwardsPanel } from '../marketing/tasks/UserAwardsPanel.tsx'
import { UsersActivity } from './UsersActivity.tsx'

const STATE_COLORS: Record<string, string> = { normal: 'green', locked: 'red', cancelled: 'default' }

/**
 * /userDetail and /operateUserDetail: the engine's form of the account (what the console may edit: a nickname or an
 * intro that breaks the rules, the user tags; everything of an operator account), then what it cannot draw — the lock with who set
 * it and 锁定 / 解锁 (the definition's commands), the devices, and the latest posts, comments and
 * reports (GET /api/<name>/activity).
 */
function AccountDetail({ def }: { def: ResourceDef }) {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  const queryClient = useQueryClient()
  const item = useQuery(detailQuery(def, id))
  const activityKey = ['user-activity', def.name, id]
  const activity = useQuery({
    queryKey: activityKey,
    queryFn: () => api.get<UserActivity>(`/api/${def.name}/activity`, { id }),
    enabled: id !== undefined,
  })
  const commands = useCommands(def, {
    onDone: () => queryClient.invalidateQueries({ queryKey: activityKey }),
  })
  const fields = item.data?.fields ?? {}
  const state = String(fields.state ?? '')
  const locked = state === 'locked'
  return (
    <Flex vertical gap={16}>
      <ResourceForm def={def} />
      {id !== undefined && item.data ? (
        <Card
          title="账号状态"
          extra={<Flex gap={4}>{commands.rowButtons({ id, title: item.data.title, ...fields })}</Flex>}
        >
          <Descriptions column={2} size="small" aria-label="账号状态">
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLORS[state]}>{USER_STATES[state as keyof typeof USER_STATES] ?? state}</Tag>
            </Descriptions.Item>
            {locked ? (
              <>
                <Descriptions.Item label="锁定至">
                  {fields.lockedUntil ? formatTime(String(fields.lockedUntil)) : '永久'}
                </Descriptions.Item>
                <Descriptions.Item label="锁定原因">{String(fields.lockReason || '--')}</Descriptions.Item>
                <Descriptions.Item label="操作人">{activity.data?.lockedByName ?? '--'}</Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
        </Card>
      ) : null}
      {activity.error ? <Alert type="error" showIcon title={activity.error.message} /> : null}
      {id !== undefined && activity.data ? <UsersActivity userId={id} activity={activity.data} /> : null}
      {id !== undefined && def === appUser ? <UserAwardsPanel userId={id} /> : null}
      {commands.dialog}
    </Flex>
  )
}

/** /userDetail */
export default function UsersDetailPage() {
  return <AccountDetail def={appUser} />
}

/** /operateUserDetail */
export function OperatorUserDetailPage() {
  return <AccountDetail def={operatorUser} />
}
