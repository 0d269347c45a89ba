import { rowsOf } from '../community/circle.ts'
import { decisionOf } from '../media/mediaAccount.ts'
import { defineResource } from '../types.ts'

/** 通知方式: a push to the users' devices, an in-app message (站内信), or both. */
export const NOTICE_CHANNELS = { inApp: '站内信', push: '推送', both: '推送+站内信' } as const
export type NoticeChannel = keyof typeof NOTICE_CHANNELS

/** 发送对象: every app user, the users a portrait matches, or listed users. */
export const NOTICE_TARGETS = { all: '全部用户', portrait: '用户画像', users: '指定用户' } as const
export type NoticeTarget = keyof typeof NOTICE_TARGETS

/**
 * 发送状态 (server modules/notices/noticeState.ts keeps it): 待审核 until approved; then 待发送 until its job runs
 * (at 定时发送时间, or at once); 已发送 once every target has it; 发送失败 when the job gave up; 已撤回 when a
 * scheduled notice was withdrawn or put in the recycle bin before it went out. `sending` is a vendor adapter's
 * (pushes handed over, receipts outstanding); the built-in adapter never leaves a notice in it.
 */
export const NOTICE_SEND_STATES = {
  waiting: '待审核',
  scheduled: '待发送',
  sending: '发送中',
  sent: '已发送',
  failed: '发送失败',
  cancelled: '已撤回',
} as const
export type NoticeSendState = keyof typeof NOTICE_SEND_STATES

export const NOTICE_TITLE_MAX = 50
export const NOTICE_CONTENT_MAX = 500
/** 指定用户: at most this many listed users (a larger audience is a portrait). */
export const NOTICE_USERS_MAX = 1000

/**
 * 通知 (spec §2 /noticeCentre, /noticeCentreDetail; review /auditNotice, /examineNoticeDetail through
 * /verify-center/pushMessages; decision 0049). An operator writes a push and/or in-app message to everyone, a
 * portrait or listed users, optionally for a later time, and submits it; once approved a queued job sends it (at
 * 定时发送时间, or at once) exactly once per user. A scheduled notice is taken back by 撤回发布 (or the recycle bin);
 * a sent one is history and cannot be edited.
 */
export const notice = defineResource({
  name: 'notice',
  label: '通知',
  storage: { table: 'notice' },
  permissionPage: '通知中心',
  screens: { list: '/noticeCentre', detail: '/noticeCentreDetail' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: NOTICE_TITLE_MAX, search: true },
    content: {
      kind: 'textarea',
      label: '内容',
      required: true,
      max: NOTICE_CONTENT_MAX,
      help: '纯文本，App 的推送与站内信原样展示',
    },
    link: { kind: 'url', label: '跳转链接', max: 1000, help: 'https:// 开头或站内路径；留空则不跳转' },
    channel: {
      kind: 'select',
      label: '通知方式',
      required: true,
      options: NOTICE_CHANNELS,
      default: 'inApp',
      search: true,
    },
    target: {
      kind: 'select',
      label: '发送对象',
      required: true,
      options: NOTICE_TARGETS,
      default: 'all',
    },
    portraitId: {
      kind: 'number',
      label: '用户画像',
      required: true,
      ref: { resource: 'portrait' },
      when: { field: 'target', value: 'portrait' },
      invalid: '请选择用户画像',
    },
    userIds: {
      kind: 'tags',
      label: '指定用户',
      required: true,
      max: NOTICE_USERS_MAX,
      ref: { resource: 'appUser' },
      when: { field: 'target', value: 'users' },
      invalid: '请选择指定用户',
    },
    sendAt: { kind: 'datetime', label: '定时发送', help: '不填则审核通过后立即发送；填写须晚于当前时间' },
    sendState: {
      kind: 'select',
      label: '发送状态',
      options: NOTICE_SEND_STATES,
      readOnly: true,
      search: true,
    },
    sentAt: { kind: 'datetime', label: '发送时间', readOnly: true },
    sentCount: { kind: 'number', label: '送达人数', readOnly: true },
    failReason: { kind: 'textarea', label: '失败原因', readOnly: true },
  },
  list: {
    types: {
      list: { label: '全部通知', where: {} },
      pending: { label: '待审核', where: { verifyState: 3 } },
      scheduled: { label: '待发送', where: { is: { sendState: 'scheduled' } } },
      sent: { label: '已发送', where: { is: { sendState: 'sent' } } },
      recycle: { label: '回收站', where: {}, recycle: true },
    },
    columns: ['title', 'channel', 'target', 'sendAt', 'sendState', 'sentAt', 'sentCount'],
  },
  actions: ['recycle', 'restore', 'submit', 'revoke', 'withdraw'],
  // 通知中心 has no 回收站 action: moving to and out of the bin is 删除's (as the activity pages).
  permissions: { recycle: '删除', restore: '删除' },
  review: { queue: '/auditNotice', permissionPage: '通知审核', resType: 'notice' },
  // No show state: these words only make the web call taking an approved notice back 撤回发布, not 下线.
  showWords: { show: '上线', hide: '下线' },
  // Spec §7 review centre: the notice queue (pushMessages) and its decision (push); list, detail, add, modify,
  // delete and examination are the engine's own paths (/api/notice/…).
  specPaths: {
    'GET /api/verify-center/pushMessages': 'GET /api/verify-center/notice',
    'POST /api/verify-center/push': { engine: 'POST /api/verify-center/notice', input: decisionOf },
    'POST /api/notice/withdraw': { engine: 'POST /api/notice/revoke/batch', input: rowsOf },
  },
})
