import { MEDIA_ACCOUNT_STATES } from '@moc/domain/resources/media/mediaAccount'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Flex, Tag } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { mediaAccountsByIds } from '../../widgets/MediaAccountSelect.tsx'

export const STATE_COLORS: Record<string, string> = { normal: 'green', locked: 'orange', frozen: 'red' }

/** A media account's state as a tag (正常 / 已锁定 / 已冻结). */
export function AccountStateTag({ state }: { state: string }) {
  return (
    <Tag color={STATE_COLORS[state]}>
      {MEDIA_ACCOUNT_STATES[state as keyof typeof MEDIA_ACCOUNT_STATES] ?? state}
    </Tag>
  )
}

/** The account's name and state (GET /api/mediaAccount/list by id: any signed-in account may read names). */
export function useAccountName(id: number | undefined) {
  return useQuery({
    queryKey: ['media-account-name', id],
    queryFn: async () => (await mediaAccountsByIds([id!]))[0] ?? null,
    enabled: id !== undefined,
  })
}

/**
 * The header of a screen about one account's things (its operators, a circle's posts, an article): the account it is
 * about, and the way back (`back`).
 */
export function AccountHeader({
  id,
  title,
  back,
  extra,
}: {
  id: number | undefined
  title: string
  back?: { to: string; label: string }
  extra?: ReactNode
}) {
  const account = useAccountName(id)
  const name = account.data?.name ?? (id === undefined ? '' : `#${id}`)
  return (
    <Card size="small" loading={account.isLoading}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex gap={8} align="center">
          <strong>{name ? `${title} · 媒体号：${name}` : title}</strong>
          {account.data ? <AccountStateTag state={account.data.state} /> : null}
        </Flex>
        <Flex gap={12} align="center">
          {extra}
          {back ? <Link to={back.to}>{back.label}</Link> : null}
        </Flex>
      </Flex>
      {account.error ? (
        <Alert type="error" showIcon title={account.error.message} style={{ marginTop: 12 }} />
      ) : null}
      {account.data === null ? (
        <Alert type="warning" showIcon title="媒体号不存在或无权查看" style={{ marginTop: 12 }} />
      ) : null}
    </Card>
  )
}
