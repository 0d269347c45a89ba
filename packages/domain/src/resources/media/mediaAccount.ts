import { PHONE_PATTERN } from '../../rules/phone.ts'
import { LOCK_REASON_MAX, lockCommandsOf } from '../community/appUser.ts'
import { rowsOf } from '../community/circle.ts'
import { type CommandDef, defineResource, type SpecAlias, type SpecInput } from '../types.ts'

/** 媒体号类型: the kinds of institution that publish on the platform. */
export const MEDIA_ACCOUNT_TYPES = {
  government: '政务机构',
  media: '区县融媒体中心',
  school: '学校',
  enterprise: '企事业单位',
  other: '其他',
} as const

/**
 * Where an account stands (spec §4 freeze/unfreeze, §6 lock/unlock media; decision 0043): 正常; 已锁定 — no new
 * content until `lockedUntil` (or for good), what it published stays; 已冻结 — its content is hidden from the app and
 * no new content. A freeze outranks a lock.
 */
export const MEDIA_ACCOUNT_STATES = { normal: '正常', locked: '已锁定', frozen: '已冻结' } as const
export type MediaAccountState = keyof typeof MEDIA_ACCOUNT_STATES

export const MEDIA_ACCOUNT_NAME_MAX = 30

/** 冻结 / 解冻 and 锁定 / 解锁 (handlers in server modules/mediaAccounts/mediaAccountState.ts). */
const stateCommands = {
  freeze: {
    label: '冻结',
    action: '冻结/解冻',
    rows: 'many',
    when: { field: 'state', values: ['normal', 'locked'] },
    input: { reason: { kind: 'textarea', label: '冻结原因', required: true, max: LOCK_REASON_MAX } },
  },
  unfreeze: {
    label: '解冻',
    action: '冻结/解冻',
    rows: 'many',
    confirm: '确定解冻选中的 {n} 个媒体号吗？',
    when: { field: 'state', values: ['frozen'] },
  },
  ...lockCommandsOf('媒体号'),
} as const satisfies Record<string, CommandDef>

/**
 * A spec review call (examine, updateBatch, mediaVerify) as the engine's decision: `id` or `ids`; `verifyState` 1
 * passes and 2 rejects (or `pass`); the reason as `reason` or `rejectReason`.
 */
export const decisionOf = (input: SpecInput): SpecInput => {
  const { verifyState, pass, reason, rejectReason, ...rest } = rowsOf(input)
  const passed = pass ?? (verifyState === undefined ? undefined : Number(verifyState) === 1)
  return passed === false
    ? { ...rest, pass: false, reason: reason ?? rejectReason }
    : { ...rest, pass: passed }
}

/** The spec's `type` (媒体号类型) as the field's name. */
const typeOf = ({ type, ...rest }: SpecInput): SpecInput =>
  type === undefined ? rest : { ...rest, accountType: type }

const decision: SpecAlias = { engine: 'POST /api/verify-center/mediaAccount', input: decisionOf }
const batch = (operate: string, engine: string): SpecAlias => ({
  engine: `POST /api/mediaAccount/${engine}`,
  when: { operate },
  input: rowsOf,
})

/**
 * 媒体号 (spec §2 /medias, /mediasDetail; review /mediaAudit, /mediaAuditDetail; §7 Media accounts; decision 0043): an
 * institution — a government office, a district media centre, a school — publishing on the platform. An operator
 * applies for it with its certification documents (保存 then 提交审核); once approved its articles and videos may name
 * it. 冻结 hides its content from the app and refuses new content under it; 锁定 only refuses new content. Its
 * sub-accounts (/mediaSon), operators (/mediasOperator), columns (/relationMediaColumn) and content (/mediaContent)
 * hang off it. The content form's picker is GET /api/mediaAccount/list (usable accounts); this list is pageList.
 */
export const mediaAccount = defineResource({
  name: 'mediaAccount',
  label: '媒体号',
  storage: { table: 'media_account' },
  // Institutions are the platform's, not a department's: every manager sees every account and who made it.
  scope: 'shared',
  titleField: 'name',
  permissionPage: '媒体号管理',
  screens: { list: '/medias', detail: '/mediasDetail' },
  fields: {
    name: {
      kind: 'text',
      label: '媒体号名称',
      required: true,
      max: MEDIA_ACCOUNT_NAME_MAX,
      search: true,
      unique: { message: '媒体号名称已存在' },
    },
    // Not `type`: that is the list's tab parameter (spec query `type`).
    accountType: {
      kind: 'select',
      label: '媒体号类型',
      required: true,
      options: MEDIA_ACCOUNT_TYPES,
      search: true,
    },
    avatar: { kind: 'image', label: '头像', required: true, max: 1000 },
    intro: { kind: 'textarea', label: '简介', max: 200 },
    certification: {
      kind: 'file',
      label: '资质证明',
      required: true,
      upload: 'attachment',
      max: 1000,
      help: '营业执照、事业单位法人证书或机构代码证等，图片或 PDF',
    },
    authorization: {
      kind: 'file',
      label: '运营授权书',
      upload: 'attachment',
      max: 1000,
      help: '加盖公章的运营授权书（选填）',
    },
    contactName: { kind: 'text', label: '联系人', required: true, max: 20 },
    contactPhone: {
      kind: 'text',
      label: '联系电话',
      required: true,
      max: 11,
      pattern: PHONE_PATTERN,
      invalid: '请输入正确的手机号',
    },
    region: { kind: 'text', label: '所在地区', max: 50, search: true, help: '如 浙江省杭州市西湖区' },
    columns: { kind: 'tags', label: '所属栏目', max: 10, ref: { resource: 'mediaColumn' }, search: true },
    presetId: {
      kind: 'number',
      label: '运营预置',
      ref: { resource: 'operatingPreset' },
      help: '审核通过时，未选栏目的媒体号取用预置的默认栏目；运营者角色与推荐位数量也以预置为准',
    },
    state: {
      kind: 'select',
      label: '状态',
      options: MEDIA_ACCOUNT_STATES,
      default: 'normal',
      readOnly: true,
      search: true,
    },
    stateReason: { kind: 'textarea', label: '冻结/锁定原因', readOnly: true },
    lockedUntil: { kind: 'datetime', label: '锁定至', readOnly: true, help: '为空且已锁定表示永久锁定' },
    sons: { kind: 'number', label: '子账号数', derived: true },
    operators: { kind: 'number', label: '运营者数', derived: true },
  },
  list: {
    types: {
      list: { label: '全部', where: {} },
      normal: { label: '正常', where: { is: { state: 'normal' } } },
      locked: { label: '已锁定', where: { is: { state: 'locked' } } },
      frozen: { label: '已冻结', where: { is: { state: 'frozen' } } },
    },
    columns: [
      'avatar',
      'name',
      'accountType',
      'region',
      'columns',
      'contactName',
      'state',
      'sons',
      'operators',
    ],
  },
  actions: ['submit', 'revoke', 'withdraw', 'export'],
  review: { queue: '/mediaAudit', permissionPage: '媒体号审核', resType: 'mediaAccount' },
  commands: stateCommands,
  // The spec's GET /api/mediaAccount/list is the content form's picker (server modules/mediaAccounts/mediaAccountPicker.ts).
  api: { list: 'GET /api/mediaAccount/pageList' },
  specPaths: {
    'POST /api/mediaAccount/insert': { engine: 'POST /api/mediaAccount/add', input: typeOf },
    'POST /api/mediaAccount/update': { engine: 'POST /api/mediaAccount/modify', input: typeOf },
    'POST /api/mediaAccount/examine': decision,
    'POST /api/mediaAccount/updateBatch': decision,
    'POST /api/mediaAccount/frozen': { engine: 'POST /api/mediaAccount/freeze', input: rowsOf },
    'POST /api/mediaAccount/unfrozen': { engine: 'POST /api/mediaAccount/unfreeze', input: rowsOf },
    'POST /api/mediaAccount/operate/batch': [
      batch('frozen', 'freeze'),
      batch('unfrozen', 'unfreeze'),
      batch('lock', 'lock'),
      batch('unlock', 'unlock'),
      batch('delete', 'delete'),
    ],
    'GET /api/verify-center/mediaList': 'GET /api/verify-center/mediaAccount',
    'GET /api/verify-center/mediaVerifyLog': {
      engine: 'GET /api/verify-center/mediaAccount',
      fill: { type: 'wait' },
    },
    'POST /api/verify-center/mediaVerify': decision,
    // /relationMediaColumn: an account's columns (POST, a partial save) and a column's accounts (GET columnId).
    'POST /api/relationMediaColumn': {
      engine: 'POST /api/mediaAccount/modify',
      patch: true,
      input: ({ mediaAccountId, columnIds, ...rest }) => ({
        ...rest,
        id: mediaAccountId,
        columns: columnIds,
      }),
    },
    'GET /api/relationMediaColumn': {
      engine: 'GET /api/mediaAccount/pageList',
      input: ({ columnId, ...rest }) => ({ ...rest, columns: columnId }),
    },
  },
})
