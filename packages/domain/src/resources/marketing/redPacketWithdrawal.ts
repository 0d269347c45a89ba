import { defineResource } from '../types.ts'

export const RED_PACKET_WITHDRAWAL_STATES = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已拒绝',
} as const
export type RedPacketWithdrawalState = keyof typeof RED_PACKET_WITHDRAWAL_STATES

const pendingOnly = { field: 'state', values: ['pending'] } as const

/**
 * 提现记录 (spec §2 /redPacket type withdraw; decision 0048): app users' requests to take red-packet money out. The
 * amount is held from the balance when asked (a withdraw ledger row); 通过 marks it paid out, 拒绝 (with a reason)
 * gives it back (a refund ledger row), each once and on pending requests only.
 */
export const redPacketWithdrawal = defineResource({
  name: 'redPacketWithdrawal',
  label: '提现申请',
  storage: { table: 'red_packet_withdrawal' },
  scope: 'none',
  titleField: 'realName',
  permissionPage: '营销-红包',
  screens: { list: '/redPacket' },
  fields: {
    userId: { kind: 'number', label: '用户', readOnly: true, search: true, ref: { resource: 'appUser' } },
    userNo: {
      kind: 'text',
      label: '用户ID',
      derived: true,
      help: '在「查看流水」中输入，查看该用户的红包流水',
    },
    amount: { kind: 'number', label: '提现金额', cents: true, readOnly: true },
    realName: { kind: 'text', label: '真实姓名', readOnly: true, search: true },
    account: { kind: 'text', label: '收款账号', readOnly: true, search: true },
    state: {
      kind: 'select',
      label: '状态',
      options: RED_PACKET_WITHDRAWAL_STATES,
      readOnly: true,
    },
    reason: { kind: 'text', label: '拒绝原因', readOnly: true },
    reviewerName: { kind: 'text', label: '审核人', derived: true },
    reviewedAt: { kind: 'datetime', label: '审核时间', readOnly: true },
    payoutNo: { kind: 'text', label: '打款单号', readOnly: true, search: true },
    paidAt: { kind: 'datetime', label: '打款时间', readOnly: true },
  },
  list: {
    types: {
      pending: { label: '待审核', where: { is: { state: 'pending' } } },
      approved: { label: '已通过', where: { is: { state: 'approved' } } },
      rejected: { label: '已拒绝', where: { is: { state: 'rejected' } } },
      all: { label: '全部', where: {} },
    },
    columns: [
      'userId',
      'userNo',
      'amount',
      'realName',
      'account',
      'state',
      'reason',
      'createdAt',
      'reviewerName',
      'reviewedAt',
      'payoutNo',
    ],
  },
  actions: ['export'],
  commands: {
    approve: {
      label: '通过',
      action: '编辑',
      rows: 'many',
      when: pendingOnly,
      confirm: '确定通过{n}条提现申请？通过即视为已打款，不可撤回',
    },
    reject: {
      label: '拒绝',
      action: '编辑',
      rows: 'many',
      when: pendingOnly,
      input: { reason: { kind: 'textarea', label: '拒绝原因', required: true, max: 200 } },
    },
  },
})
