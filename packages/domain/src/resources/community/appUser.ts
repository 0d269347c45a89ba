import { USER_TAGS_MAX } from '../../api/communityUsers.ts'
import { PHONE_PATTERN } from '../../rules/phone.ts'
import { APP_PLATFORMS } from '../app/appOptions.ts'
import { type CommandDef, defineResource, type FieldDef } from '../types.ts'

/** Where an app user stands: 正常, 已锁定 (until `lockedUntil`, or for good without one), 已注销 (the user left). */
export const USER_STATES = { normal: '正常', locked: '已锁定', cancelled: '已注销' } as const
export type UserState = keyof typeof USER_STATES

export const GENDERS = { unknown: '未知', male: '男', female: '女' } as const

/** A lock's length (锁定时长): days, or 永久 (no end). */
export const LOCK_DURATIONS = { '1': '1天', '3': '3天', '7': '7天', '30': '30天', forever: '永久' } as const
export type LockDuration = keyof typeof LOCK_DURATIONS

/** The end of a lock of `duration` begun at `from` (null: 永久). */
export const lockEnd = (duration: LockDuration, from: Date): Date | null =>
  duration === 'forever' ? null : new Date(from.getTime() + Number(duration) * 86_400_000)

export const LOCK_REASON_MAX = 200

/**
 * 锁定 / 解锁 of accounts called `noun` (spec §6 锁定/解锁: users, media accounts): a reason and a length (1–30 days or
 * 永久); 解锁 on locked rows only.
 */
export const lockCommandsOf = (noun: string) =>
  ({
    lock: {
      label: '锁定',
      action: '锁定/解锁',
      rows: 'many',
      when: { field: 'state', values: ['normal', 'locked'] },
      input: {
        reason: { kind: 'textarea', label: '锁定原因', required: true, max: LOCK_REASON_MAX },
        duration: {
          kind: 'select',
          label: '锁定时长',
          required: true,
          options: LOCK_DURATIONS,
          default: '1',
        },
      },
    },
    unlock: {
      label: '解锁',
      action: '锁定/解锁',
      rows: 'many',
      confirm: `确定解锁选中的 {n} 个${noun}吗？`,
      when: { field: 'state', values: ['locked'] },
    },
  }) as const satisfies Record<string, CommandDef>

/**
 * 锁定 / 解锁 (spec §6 锁定/解锁 on 用户管理 and 运营用户): a locked user's app calls are refused with the reason and
 * the end (DESIGN §6a); the operation log keeps who did it. Handlers in server modules/community/usersLock.ts.
 */
export const lockCommands = lockCommandsOf('用户')

/** A mobile number (optional, searchable): an account's, a 网评员's. */
export const phoneField = {
  kind: 'text',
  label: '手机号',
  max: 11,
  pattern: PHONE_PATTERN,
  invalid: '请输入正确的手机号',
  search: true,
} as const satisfies FieldDef

/** The profile and lock fields both kinds of app account show (the console edits few of an app user's). */
export const accountFields = {
  nickname: { kind: 'text', label: '昵称', required: true, max: 20, search: true },
  avatar: { kind: 'image', label: '头像', max: 1000 },
  phone: phoneField,
  gender: { kind: 'select', label: '性别', options: GENDERS, default: 'unknown' },
  region: { kind: 'text', label: '地区', max: 50, help: '如 浙江省杭州市' },
  intro: { kind: 'textarea', label: '简介', max: 200 },
  state: {
    kind: 'select',
    label: '状态',
    options: USER_STATES,
    default: 'normal',
    readOnly: true,
    search: true,
  },
  lockReason: { kind: 'textarea', label: '锁定原因', max: LOCK_REASON_MAX, readOnly: true },
  lockedUntil: { kind: 'datetime', label: '锁定至', readOnly: true, help: '为空且已锁定表示永久锁定' },
} as const satisfies Record<string, FieldDef>

/** The state tabs of both user lists. */
const stateTabs = {
  all: { label: '全部', where: {} },
  normal: { label: '正常', where: { is: { state: 'normal' } } },
  locked: { label: '已锁定', where: { is: { state: 'locked' } } },
  cancelled: { label: '已注销', where: { is: { state: 'cancelled' } } },
}
export const accountStateTabs = stateTabs

/**
 * 用户管理 (spec §2 /users, /userDetail): the app's end users, who sign up through the app-facing API (DESIGN §6a),
 * never in the console — rows of app_user that are not operator accounts. Operators read them, give them user tags
 * (/userTags), lock and unlock them, and export the list; their profile is theirs (read-only here but for a nickname
 * or an intro that breaks the rules). The list searches phone, nickname, region, level, tag, state and 注册时间. `level` follows `points` (modules/community/levels.ts).
 */
export const appUser = defineResource({
  name: 'appUser',
  label: '用户',
  storage: { table: 'app_user', fixed: { operator: false } },
  scope: 'none',
  titleField: 'nickname',
  permissionPage: '用户管理',
  screens: { list: '/users', detail: '/userDetail' },
  fields: {
    ...accountFields,
    avatar: { ...accountFields.avatar, readOnly: true },
    phone: { ...accountFields.phone, readOnly: true },
    gender: { ...accountFields.gender, readOnly: true },
    region: { ...accountFields.region, readOnly: true, search: true },
    level: { kind: 'number', label: '等级', readOnly: true, search: true },
    points: { kind: 'number', label: '积分', readOnly: true },
    // User tags (/userTags): ids of userTag rows, picked and shown by name (a ref on a tags field).
    tags: { kind: 'tags', label: '用户标签', max: USER_TAGS_MAX, ref: { resource: 'userTag' }, search: true },
    registerPlatform: { kind: 'select', label: '注册平台', options: APP_PLATFORMS, readOnly: true },
    invitationCodeId: {
      kind: 'number',
      label: '邀请码',
      readOnly: true,
      ref: { resource: 'invitationCode' },
    },
    lastActiveAt: { kind: 'datetime', label: '最近活跃', readOnly: true },
  },
  list: {
    types: stateTabs,
    columns: [
      'nickname',
      'avatar',
      'phone',
      'level',
      'points',
      'tags',
      'registerPlatform',
      'state',
      'lastActiveAt',
    ],
    createdRange: '注册时间',
  },
  actions: ['export'],
  commands: lockCommands,
})
