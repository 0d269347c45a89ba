import { can } from '@moc/domain/permissions/can'
import { Alert, Card, Flex, Form, Tabs } from 'antd'
import { Link, useSearchParams } from 'react-router'
import { currentGrant } from '../../api/session.ts'
import { MediaAccountSelect } from '../../widgets/MediaAccountSelect.tsx'
import { AccountStateTag, useAccountName } from './AccountHeader.tsx'
import { MediaContentTable } from './MediaContentTable.tsx'
import { DEFAULT_CONTENT_TAB, MEDIA_CONTENT_TABS } from './mediaContentTabs.ts'

const idOf = (raw: string | null) => (raw && /^\d+$/.test(raw) ? Number(raw) : undefined)

/**
 * 媒体号内容 (spec §2 /mediaContent, type topic, circle, content, interactive; §7 /relation, /mediaAccount
 * mediaContent; decision 0043): pick an account (kept in the URL as `mediaAccountId`), then on each tab what it
 * shows in the app — its own articles and videos (内容), and the topics, circles and 热议 related to it.
 */
export default function MediaContentPage() {
  const [params, setParams] = useSearchParams()
  // The account's own screens link here with `mediaAccountId`; a plain `id` (the spec's detail links) is read too.
  const accountId = idOf(params.get('mediaAccountId') ?? params.get('id'))
  const asked = params.get('type')
  const type = asked && asked in MEDIA_CONTENT_TABS ? asked : DEFAULT_CONTENT_TAB
  const account = useAccountName(accountId)
  /** Another account or tab: its first page, with no search. */
  const go = (next: { mediaAccountId?: number; type?: string }) => {
    const q = new URLSearchParams()
    const id = 'mediaAccountId' in next ? next.mediaAccountId : accountId
    if (id !== undefined) q.set('mediaAccountId', String(id))
    q.set('type', next.type ?? type)
    setParams(q)
  }
  const mayAccounts = can(currentGrant(), '媒体号管理', '查看')
  return (
    <Card>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 8 }}>
        <Form.Item label="媒体号" style={{ marginBottom: 0 }}>
          <MediaAccountSelect
            label="媒体号"
            anyState
            value={accountId ?? null}
            onChange={(v) => go({ mediaAccountId: typeof v === 'number' ? v : undefined })}
          />
        </Form.Item>
        {account.data ? <AccountStateTag state={account.data.state} /> : null}
        {accountId !== undefined && mayAccounts ? (
          <Link to={`/mediasDetail?id=${accountId}`}>媒体号详情</Link>
        ) : null}
      </Flex>
      <Tabs
        activeKey={type}
        onChange={(t) => go({ type: t })}
        items={Object.entries(MEDIA_CONTENT_TABS).map(([key, label]) => ({ key, label }))}
      />
      {accountId === undefined ? (
        <Alert type="info" showIcon title="请先选择媒体号" />
      ) : (
        <MediaContentTable key={`${accountId}:${type}`} accountId={accountId} type={type} />
      )}
    </Card>
  )
}
