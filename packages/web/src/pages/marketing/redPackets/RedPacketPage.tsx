import { screenByPath } from '@moc/domain/catalogue/index'
import { can } from '@moc/domain/permissions/can'
import { redPacketResources } from '@moc/domain/resources/marketing/redPackets'
import type { ResourceDef } from '@moc/domain/resources/types'
import { Button, Card, Flex, Form, InputNumber, Tabs } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import { currentGrant } from '../../../api/session.ts'
import { LedgerDrawer } from './LedgerDrawer.tsx'

const ResourceList = lazy(() =>
  import('../../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

const PATH = '/redPacket'
/** The screen's tabs, from the catalogue (spec §2: type invite, withdraw, register, scope). */
const TABS: Record<string, string> = screenByPath(PATH)?.types ?? {}
const DEFAULT_TAB = 'invite'

/** The definition each tab lists. */
const DEFS: Record<string, ResourceDef> = {
  invite: redPacketResources.redPacketInviteRule,
  withdraw: redPacketResources.redPacketWithdrawal,
  register: redPacketResources.redPacketRegisterRule,
  scope: redPacketResources.redPacketScope,
}

const idOf = (raw: string | null) => (raw && /^\d+$/.test(raw) ? Number(raw) : undefined)

/**
 * 红包管理 (spec §2 /redPacket; decision 0048): one screen, four tabs — the invite and register rules with their
 * budgets, the withdrawal requests to approve or refuse, and the scope of eligible users. Each tab is the engine's
 * list of its definition, embedded (its tab, search and paging in the URL under its name; the screen's tab as `type`). The withdraw tab
 * opens a user's ledger (流水) from a request's row or by user ID, also from the URL (`ledgerUser`).
 */
export default function RedPacketPage() {
  const [params, setParams] = useSearchParams()
  const asked = params.get('type')
  const type = asked && asked in TABS ? asked : DEFAULT_TAB
  const ledgerUser = idOf(params.get('ledgerUser'))
  const [userId, setUserId] = useState<number | null>(ledgerUser ?? null)
  const go = (next: { type?: string; ledgerUser?: number }) => {
    const q = new URLSearchParams()
    q.set('type', next.type ?? type)
    if (next.ledgerUser !== undefined) q.set('ledgerUser', String(next.ledgerUser))
    setParams(q)
  }
  const def = DEFS[type]!
  const mayView = can(currentGrant(), '营销-红包', '查看')
  return (
    <Flex vertical gap={12}>
      <Card styles={{ body: { paddingBottom: 0 } }}>
        <Tabs
          activeKey={type}
          onChange={(t) => go({ type: t })}
          items={Object.entries(TABS).map(([key, label]) => ({ key, label }))}
        />
        {type === 'withdraw' && mayView ? (
          <Form
            layout="inline"
            name="red-packet-ledger"
            style={{ marginBottom: 16 }}
            onFinish={() => userId && go({ ledgerUser: userId })}
          >
            <Form.Item label="用户ID" htmlFor="red-packet-ledger-user">
              <InputNumber<number>
                id="red-packet-ledger-user"
                min={1}
                precision={0}
                placeholder="请输入用户ID"
                style={{ width: 180 }}
                value={userId}
                onChange={(v) => setUserId(typeof v === 'number' ? v : null)}
              />
            </Form.Item>
            <Button htmlType="submit" disabled={!userId}>
              查看流水
            </Button>
          </Form>
        ) : null}
      </Card>
      <Suspense fallback={null}>
        <ResourceList
          key={type}
          def={def}
          embedded
          rowExtras={
            type === 'withdraw' && mayView
              ? (row) => {
                  const user = (row as { userId?: unknown }).userId
                  return typeof user === 'number'
                    ? [
                        <Button
                          key="ledger"
                          type="link"
                          size="small"
                          onClick={() => go({ ledgerUser: user })}
                        >
                          流水
                        </Button>,
                      ]
                    : []
                }
              : undefined
          }
        />
      </Suspense>
      <LedgerDrawer userId={ledgerUser} onClose={() => go({})} />
    </Flex>
  )
}
