import { defineResource } from '../types.ts'
import { APP_PLATFORMS } from './appOptions.ts'

/** Where a piece of feedback stands (decision 0038). */
export const FEEDBACK_STATES = {
  pending: '待处理',
  processing: '处理中',
  replied: '已回复',
  closed: '已关闭',
} as const

/**
 * 用户反馈 (spec §2 App: /userFeedback). What app users send through the app-facing API (POST /api/open/feedback):
 * operators see every row (no data scope: nobody in the console created them), take it in hand, reply — the app
 * reads the reply back — or close it. Only the state machine changes a row; the form edits the internal 处理备注.
 * The pictures the user attached are the row's `images` column (a list of URLs), answered with the row.
 */
export const feedback = defineResource({
  name: 'feedback',
  label: '用户反馈',
  storage: { table: 'app_feedback' },
  scope: 'none',
  titleField: 'content',
  permissionPage: 'APP-反馈',
  screens: { list: '/userFeedback' },
  fields: {
    content: { kind: 'textarea', label: '反馈内容', max: 1000, readOnly: true, search: true },
    images: { kind: 'imageList', label: '图片', readOnly: true },
    contact: { kind: 'text', label: '联系方式', max: 50, readOnly: true, search: true },
    platform: { kind: 'select', label: '平台', options: APP_PLATFORMS, readOnly: true, search: true },
    appVersion: { kind: 'text', label: 'App版本', max: 20, readOnly: true },
    deviceId: { kind: 'text', label: '设备ID', max: 100, readOnly: true },
    state: { kind: 'select', label: '状态', options: FEEDBACK_STATES, default: 'pending', readOnly: true },
    reply: { kind: 'textarea', label: '回复内容', max: 1000, readOnly: true },
    repliedAt: { kind: 'datetime', label: '回复时间', readOnly: true },
    remark: { kind: 'textarea', label: '处理备注', max: 500, help: '仅后台可见，不会回复给用户' },
  },
  list: {
    types: {
      all: { label: '全部', where: {} },
      pending: { label: '待处理', where: { is: { state: 'pending' } } },
      processing: { label: '处理中', where: { is: { state: 'processing' } } },
      replied: { label: '已回复', where: { is: { state: 'replied' } } },
      closed: { label: '已关闭', where: { is: { state: 'closed' } } },
    },
    columns: ['content', 'contact', 'platform', 'appVersion', 'state', 'repliedAt'],
  },
  actions: ['export'],
  machine: {
    field: 'state',
    colors: { pending: 'orange', processing: 'blue', replied: 'green', closed: 'default' },
    transitions: {
      handle: { label: '处理', from: ['pending'], to: 'processing', action: '编辑' },
      reply: {
        label: '回复',
        from: ['pending', 'processing'],
        to: 'replied',
        action: '编辑',
        input: { reply: { kind: 'textarea', label: '回复内容', required: true, max: 1000 } },
        stamp: { at: 'repliedAt', by: 'repliedBy' },
      },
      close: {
        label: '关闭',
        from: ['pending', 'processing', 'replied'],
        to: 'closed',
        action: '编辑',
        confirm: '确定关闭选中的 {n} 条反馈吗？',
      },
    },
  },
})
