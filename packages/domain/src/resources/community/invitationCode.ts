import { defineResource, type FieldDef } from '../types.ts'

export const INVITATION_PREFIX_PATTERN = /^[A-Z0-9]{0,8}$/
export const INVITATION_BATCH_MAX = 1000
export const INVITATION_USES_MAX = 100_000

/** Whether a code lets a sign-up through now, and if not why (the list's 可用状态; the app's refusal). */
export const INVITATION_STATUSES = {
  usable: '可用',
  notStarted: '未生效',
  expired: '已过期',
  usedUp: '已用完',
  disabled: '已禁用',
} as const
export type InvitationStatus = keyof typeof INVITATION_STATUSES

/** A code's status at `now`: 禁用 first, then its window, then its uses. */
export function invitationStatus(
  c: {
    showState: boolean
    validStart: Date | null
    validEnd: Date | null
    usedCount: number
    maxUses: number
  },
  now: Date,
): InvitationStatus {
  if (!c.showState) return 'disabled'
  if (c.validStart && now < c.validStart) return 'notStarted'
  if (c.validEnd && now > c.validEnd) return 'expired'
  if (c.usedCount >= c.maxUses) return 'usedUp'
  return 'usable'
}

/** A code's window and uses, as a row holds them and as a batch is made with them. */
const validity = {
  validStart: { kind: 'datetime', label: '生效时间', help: '不填则立即生效' },
  validEnd: { kind: 'datetime', label: '失效时间', help: '不填则长期有效' },
} as const satisfies Record<string, FieldDef>
const maxUses = {
  kind: 'number',
  label: '可用次数',
  required: true,
  min: 1,
  max: INVITATION_USES_MAX,
  default: 1,
} as const satisfies FieldDef

/**
 * 邀请码 (spec §2 /invitationCode; §6 导出): codes a new app user may give at sign-up (the app-facing API records the
 * use and counts it). 批量生成 makes a batch of random codes with a prefix, a window and uses per code, in one
 * transaction; 新增 makes one. The code and its batch are fixed once made; the window, the uses and the remark stay
 * editable; 禁用 stops a code. 使用记录 lists who signed up with which (GET /api/invitationCode/uses).
 */
export const invitationCode = defineResource({
  name: 'invitationCode',
  label: '邀请码',
  storage: { table: 'invitation_code' },
  scope: 'shared',
  titleField: 'code',
  permissionPage: '邀请码',
  screens: { list: '/invitationCode' },
  fields: {
    code: { kind: 'text', label: '邀请码', max: 20, readOnly: true, search: true, help: '保存时自动生成' },
    batchNo: { kind: 'text', label: '批次号', max: 30, readOnly: true, search: true },
    ...validity,
    maxUses: { ...maxUses, atLeast: { field: 'usedCount', message: '可用次数不能少于已用次数（{min}）' } },
    usedCount: { kind: 'number', label: '已用次数', readOnly: true },
    remark: { kind: 'text', label: '备注', max: 100, search: true },
    showState: { kind: 'switch', label: '启用', default: true },
    status: { kind: 'select', label: '可用状态', options: INVITATION_STATUSES, derived: true },
  },
  list: {
    types: { list: { label: '邀请码', where: {} } },
    columns: ['code', 'batchNo', 'validStart', 'validEnd', 'maxUses', 'usedCount', 'status', 'remark'],
  },
  actions: ['show', 'hide', 'export'],
  permissions: { show: '启用/禁用', hide: '启用/禁用' },
  showWords: { show: '启用', hide: '禁用' },
  commands: {
    generate: {
      label: '批量生成',
      action: '添加',
      rows: 'none',
      input: {
        prefix: {
          kind: 'text',
          label: '前缀',
          max: 8,
          pattern: INVITATION_PREFIX_PATTERN,
          invalid: '前缀只能是 8 位以内的大写字母或数字',
          help: '选填，如 VIP；邀请码为前缀加 8 位随机字符',
        },
        count: {
          kind: 'number',
          label: '生成数量',
          required: true,
          min: 1,
          max: INVITATION_BATCH_MAX,
          default: 10,
        },
        ...validity,
        maxUses: { ...maxUses, label: '每个可用次数' },
        remark: { kind: 'text', label: '备注', max: 100 },
      },
    },
  },
})
