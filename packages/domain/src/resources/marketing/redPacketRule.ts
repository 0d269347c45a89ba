import { defineResource, type FieldDef } from '../types.ts'

/** One red packet at most 200.00 元 (the WeChat Pay red-packet ceiling), a budget at most 10,000,000.00 元 (分). */
export const RED_PACKET_AMOUNT_MAX = 20_000
export const RED_PACKET_BUDGET_MAX = 1_000_000_000

/** A rule's state now (the list's 状态): 停用 first, then its window, then its budget. */
export const RED_PACKET_RULE_STATUSES = {
  active: '发放中',
  notStarted: '未开始',
  ended: '已结束',
  exhausted: '预算已用完',
  disabled: '已停用',
} as const
export type RedPacketRuleStatus = keyof typeof RED_PACKET_RULE_STATUSES

export interface RedPacketRuleState {
  showState: boolean
  startAt: Date | string | null
  endAt: Date | string | null
  amount: number
  budget: number
  spent: number
}

const at = (v: Date | string | null) => (v === null ? null : new Date(v))

/** A rule's status at `now` (the same test a reward makes: enabled, in its window, one more packet within budget). */
export function redPacketRuleStatus(r: RedPacketRuleState, now = new Date()): RedPacketRuleStatus {
  if (!r.showState) return 'disabled'
  const start = at(r.startAt)
  const end = at(r.endAt)
  if (start && now < start) return 'notStarted'
  if (end && now > end) return 'ended'
  if (r.spent + r.amount > r.budget) return 'exhausted'
  return 'active'
}

/** The fields of a red-packet rule, the same for the invite and the register rules. */
const ruleFields = {
  name: { kind: 'text', label: '规则名称', required: true, max: 50, search: true },
  amount: {
    kind: 'number',
    label: '每个红包金额',
    cents: true,
    required: true,
    min: 1,
    max: RED_PACKET_AMOUNT_MAX,
    help: '每发放一个红包的金额（元），最多 200.00 元',
  },
  budget: {
    kind: 'number',
    label: '总预算',
    cents: true,
    required: true,
    min: 1,
    max: RED_PACKET_BUDGET_MAX,
    atLeast: { field: 'spent', message: '总预算不能少于已发放金额（{min}）' },
    help: '已发放加一个红包金额超过总预算时停止发放',
  },
  spent: { kind: 'number', label: '已发放', cents: true, readOnly: true },
  remaining: { kind: 'number', label: '剩余预算', cents: true, derived: true },
  startAt: { kind: 'datetime', label: '开始时间', help: '不填则立即开始' },
  endAt: { kind: 'datetime', label: '结束时间', help: '不填则长期有效' },
  status: { kind: 'select', label: '状态', options: RED_PACKET_RULE_STATUSES, derived: true },
  showState: { kind: 'switch', label: '启用', default: true },
  remark: { kind: 'textarea', label: '备注', max: 200 },
} as const satisfies Record<string, FieldDef>

const ruleOf = (name: string, kind: 'invite' | 'register', label: string) =>
  defineResource({
    name,
    label,
    storage: { table: 'red_packet_rule', fixed: { kind } },
    scope: 'shared',
    titleField: 'name',
    permissionPage: '营销-红包',
    screens: { list: '/redPacket' },
    fields: ruleFields,
    list: {
      types: { [kind]: { label: '全部规则', where: {} } },
      columns: ['name', 'amount', 'budget', 'spent', 'remaining', 'startAt', 'endAt', 'status', 'showState'],
    },
    actions: ['show', 'hide', 'export'],
    // The page has 查看 编辑 导出 only: 编辑 makes, edits, enables and disables rules. A rule is never deleted (its
    // ledger rows name it); a rule no longer wanted is 停用.
    permissions: { create: '编辑', show: '编辑', hide: '编辑' },
    showWords: { show: '启用', hide: '停用' },
  })

/**
 * 邀请红包 (spec §2 /redPacket type invite; decision 0048): what an inviter gets when a user they invited (with their
 * own invite code) signs up — from the first enabled rule in its window with budget left.
 */
export const redPacketInviteRule = ruleOf('redPacketInviteRule', 'invite', '邀请红包规则')

/** 注册红包 (spec §2 /redPacket type register): what a new app user gets at sign-up, from the same kind of rule. */
export const redPacketRegisterRule = ruleOf('redPacketRegisterRule', 'register', '注册红包规则')
