import { rowsOf } from '../community/circle.ts'
import { defineResource, type SpecInput } from '../types.ts'
import { ACTIVITY_FORM_KINDS, ACTIVITY_KINDS, ACTIVITY_STAGES, ACTIVITY_TITLE_MAX } from './activityRules.ts'

/** The spec's show / hidden with `id` or `ids`: the engine's show state over the rows. */
const shown =
  (showState: boolean) =>
  (input: SpecInput): SpecInput => ({ ...rowsOf(input), showState })

/** GET /api/activity/cancel?id=&reason=: the 取消 command of that row. */
const cancelOf = ({ id, ids, reason, ...rest }: SpecInput): SpecInput => ({
  ...rest,
  ...rowsOf({ id, ids }),
  reason,
})

/**
 * 活动 (spec §2 /activityManage, /addActivity, /editActivity, /activityInfo, /essayActivity, /normalActivity,
 * /payActivity; §4 activities cancel; §7 Activities; review /activityAudit, activities pending verifyType 1; decision
 * 0045). One definition over every kind — 征文 (essay: enrolled users submit entries), 普通 (normal) and 付费 (pay:
 * each enrolment owes `fee` fen, paid through the payment adapter); the kind screens are this list filtered by `kind`.
 * An activity has an enrolment form the operator defines (`formFields`), enrolment and activity windows, limits, and
 * a stage read from its review state, its windows and its cancellation (activityStage). App users enrol and submit
 * entries through the app-facing API (/api/open/activity/*); operators qualify, disqualify and award them
 * (server modules/activities).
 */
export const activity = defineResource({
  name: 'activity',
  label: '活动',
  storage: { table: 'activity' },
  permissionPage: '活动-活动列表',
  screens: {
    list: '/activityManage',
    create: '/addActivity',
    edit: '/editActivity',
    detail: '/activityInfo',
  },
  fields: {
    title: { kind: 'text', label: '活动标题', required: true, max: ACTIVITY_TITLE_MAX, search: true },
    kind: {
      kind: 'select',
      label: '活动类型',
      required: true,
      options: ACTIVITY_KINDS,
      search: true,
      default: 'normal',
    },
    cover: { kind: 'image', label: '封面图', max: 1000 },
    location: { kind: 'text', label: '活动地点', max: 100 },
    enrollStart: { kind: 'datetime', label: '报名开始时间', help: '不填则发布后即可报名' },
    enrollEnd: { kind: 'datetime', label: '报名截止时间', help: '不填则至活动结束；不能晚于活动结束时间' },
    startAt: { kind: 'datetime', label: '活动开始时间', help: '必填' },
    endAt: { kind: 'datetime', label: '活动结束时间', help: '必填，须晚于活动开始时间' },
    maxEnrolls: { kind: 'number', label: '报名人数上限', required: true, default: 0, help: '0 表示不限' },
    // Shown for every kind (a field shown only for one kind would be sent empty for the others, and these columns
    // are never empty); the save rules refuse a fee on a free activity.
    entriesPerUser: {
      kind: 'number',
      label: '每人可投稿数',
      required: true,
      min: 1,
      max: 100,
      default: 1,
      help: '征文活动每人最多可提交的作品数',
    },
    fee: {
      kind: 'number',
      label: '报名费（分）',
      required: true,
      default: 0,
      help: '付费活动填写，以分为单位，如 990 即 9.90 元；其他活动为 0',
    },
    rules: { kind: 'richText', label: '活动规则', max: 20_000 },
    formFields: {
      kind: 'children',
      label: '报名表单',
      help: '报名时用户需填写的项目；下拉选项每行一个',
      children: {
        table: 'activity_form_field',
        max: 20,
        fields: {
          label: { kind: 'text', label: '名称', required: true, max: 20 },
          kind: { kind: 'select', label: '类型', required: true, options: ACTIVITY_FORM_KINDS },
          required: { kind: 'switch', label: '必填', default: true },
          options: { kind: 'textarea', label: '下拉选项', max: 1000, help: '类型为下拉选择时，每行一个选项' },
        },
      },
    },
    stage: { kind: 'select', label: '活动状态', options: ACTIVITY_STAGES, derived: true },
    enrollCount: { kind: 'number', label: '报名人数', readOnly: true },
    entryCount: { kind: 'number', label: '作品数', readOnly: true },
    cancelReason: { kind: 'textarea', label: '取消原因', readOnly: true, form: false },
    cancelledAt: { kind: 'datetime', label: '取消时间', readOnly: true, form: false },
  },
  list: {
    types: {
      list: { label: '全部活动', where: {} },
      pending: { label: '待审核', where: { verifyState: 3 } },
      published: { label: '已发布', where: { verifyState: 1 } },
      draft: { label: '草稿', where: { verifyState: 0 } },
      recycle: { label: '回收站', where: {}, recycle: true },
    },
    columns: ['cover', 'title', 'kind', 'stage', 'startAt', 'endAt', 'enrollCount', 'entryCount'],
  },
  actions: [
    'show',
    'hide',
    'recycle',
    'restore',
    'submit',
    'revoke',
    'withdraw',
    'publishNoExamine',
    'export',
  ],
  // The activity pages have no 回收站 action: moving to and out of the bin is 删除's.
  permissions: { recycle: '删除', restore: '删除' },
  review: { queue: '/activityAudit', permissionPage: '活动审核', resType: 'activity' },
  commands: {
    cancel: {
      label: '取消',
      action: '编辑',
      rows: 'one',
      input: { reason: { kind: 'textarea', label: '取消原因', required: true, max: 200 } },
    },
  },
  // Spec §7 Activities. list, detail, add, delete and examination (提交审核) are the engine's own paths; the review
  // decision is the queue's (POST /api/verify-center/activity, /api/verify-center/approved|rejection).
  specPaths: {
    'POST /api/activity/update': 'POST /api/activity/modify',
    'POST /api/activity/publish': { engine: 'POST /api/activity/publish/noExamine', input: rowsOf },
    'POST /api/activity/revoke': { engine: 'POST /api/activity/revert', input: rowsOf },
    'POST /api/activity/show': { engine: 'POST /api/activity/showState', input: shown(true) },
    'POST /api/activity/hidden': { engine: 'POST /api/activity/showState', input: shown(false) },
    'GET /api/activity/cancel': { engine: 'POST /api/activity/cancel', input: cancelOf },
  },
})
