import { REPORT_REASONS, REPORT_STATES, REPORT_TARGET_TYPES } from '../../api/openCommunity.ts'
import { type CommandDef, defineResource, type FieldDef } from '../types.ts'
import { LOCK_DURATIONS } from './appUser.ts'

export const REPORT_HANDLE_REASON_MAX = 200

/** 处理说明: what every handling writes, and what the reporter reads back in the app. */
const handleReason = {
  kind: 'textarea',
  label: '处理说明',
  required: true,
  max: REPORT_HANDLE_REASON_MAX,
  help: '举报人可在 App 中看到处理结果与说明',
} as const satisfies FieldDef

/**
 * Handling a report beyond dismissing it (decision 0042): hide what was reported (a post, a comment or a content
 * item: shown no more), or lock the reported user (their app calls refused until the lock ends), by default hiding
 * what was reported too. Each writes the reason, time and handler like the dismissal (handlers: server
 * modules/community/reportsHandling.ts).
 */
const handling = (hide: string) =>
  ({
    hideTarget: {
      label: hide,
      action: '审核',
      rows: 'many',
      input: { handleReason },
    },
    lockUser: {
      label: '锁定用户',
      action: '审核',
      rows: 'many',
      input: {
        handleReason,
        duration: {
          kind: 'select',
          label: '锁定时长',
          required: true,
          options: LOCK_DURATIONS,
          default: '1',
        },
        alsoHide: {
          kind: 'switch',
          label: `同时${hide}`,
          default: true,
          help: '对用户的举报无内容可隐藏',
        },
      },
    },
  }) as const satisfies Record<string, CommandDef>

const only = <K extends keyof typeof REPORT_TARGET_TYPES>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, REPORT_TARGET_TYPES[k]])) as Pick<typeof REPORT_TARGET_TYPES, K>

/**
 * The reports of one category: rows of the one `report` table (storage.fixed `category`), made by app users
 * (POST /api/open/report/add; scope none), each pending until an operator holding 审核 on the page handles it.
 */
const reportDef = <const N extends string>(
  name: N,
  category: 'content' | 'comment',
  page: string,
  list: string,
  targets: Record<string, string>,
) =>
  defineResource({
    name,
    label: page,
    storage: { table: 'report', fixed: { category } },
    scope: 'none',
    titleField: 'targetTitle',
    permissionPage: page,
    screens: { list },
    fields: {
      targetTitle: { kind: 'text', label: '举报对象', max: 200, readOnly: true, search: true },
      targetType: { kind: 'select', label: '对象类型', options: targets, readOnly: true, search: true },
      targetId: { kind: 'number', label: '对象ID', readOnly: true },
      targetUserId: {
        kind: 'number',
        label: '被举报用户',
        readOnly: true,
        search: true,
        ref: { resource: 'appUser' },
      },
      reporterId: {
        kind: 'number',
        label: '举报人',
        readOnly: true,
        search: true,
        ref: { resource: 'appUser' },
      },
      reason: { kind: 'select', label: '举报原因', options: REPORT_REASONS, readOnly: true, search: true },
      description: { kind: 'textarea', label: '举报描述', max: 200, readOnly: true },
      images: { kind: 'imageList', label: '举报图片', readOnly: true },
      state: { kind: 'select', label: '处理状态', options: REPORT_STATES, readOnly: true, search: true },
      handleReason: { kind: 'textarea', label: '处理说明', max: REPORT_HANDLE_REASON_MAX, readOnly: true },
      handledAt: { kind: 'datetime', label: '处理时间', readOnly: true },
    },
    list: {
      types: {
        pending: { label: '待处理', where: { is: { state: 'pending' } } },
        all: { label: '全部', where: {} },
      },
      columns: [
        'targetTitle',
        'targetType',
        'targetUserId',
        'reason',
        'description',
        'reporterId',
        'state',
        'handleReason',
        'handledAt',
      ],
    },
    actions: [],
    machine: {
      field: 'state',
      colors: { pending: 'orange', dismissed: 'default', hidden: 'blue', locked: 'red' },
      transitions: {
        dismiss: {
          label: '驳回举报',
          from: ['pending'],
          to: 'dismissed',
          action: '审核',
          input: { handleReason },
          stamp: { at: 'handledAt', by: 'handledBy' },
        },
      },
    },
    commands: handling(category === 'comment' ? '隐藏评论' : '隐藏内容'),
  })

/** 内容举报 (spec §2 /contentReportAudit): reports of posts, content items and users. */
export const contentReport = reportDef(
  'contentReport',
  'content',
  '内容举报',
  '/contentReportAudit',
  only(['post', 'content', 'user']),
)

/** 评论举报 (spec §2 /commentReportAudit): reports of comments (on content or on posts). */
export const commentReport = reportDef(
  'commentReport',
  'comment',
  '评论举报',
  '/commentReportAudit',
  only(['comment']),
)
