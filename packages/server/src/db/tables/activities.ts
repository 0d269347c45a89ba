import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core'
import { admin } from '../schema.ts'
import {
  childOf,
  numberField,
  optionField,
  record,
  recordIndexes,
  recyclable,
  reviewed,
  scoped,
  showable,
  switchField,
  textField,
  timeField,
} from '../traits.ts'
import { appUser } from './community.ts'

/**
 * The activities of the Activities area (spec §2 /activityManage, /essayActivity, /normalActivity, /payActivity; §7
 * Activities; review /activityAudit, activities pending verifyType 1; decision 0045). App users enrol (and, in an essay
 * activity, submit entries) through the app-facing API; operators qualify, disqualify and award them.
 */

/**
 * 活动: `kind` essay (征文), normal or pay (付费, `fee` in fen). The stage is read from the review state, the windows and
 * `cancelled_at`: draft → pending → published → ongoing (activity window) → ended; 取消 at any live stage (with a reason).
 * `max_enrolls` caps enrolments (0: none); `entries_per_user` caps an essay activity's entries per user.
 */
export const activity = pgTable(
  'activity',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    ...showable(),
    ...recyclable(),
    kind: optionField('kind').notNull().default('normal'),
    title: textField('title'),
    cover: textField('cover'),
    rules: textField('rules'),
    location: textField('location'),
    enrollStart: timeField('enroll_start'),
    enrollEnd: timeField('enroll_end'),
    startAt: timeField('start_at'),
    endAt: timeField('end_at'),
    maxEnrolls: numberField('max_enrolls').notNull().default(0),
    entriesPerUser: numberField('entries_per_user').notNull().default(1),
    fee: numberField('fee').notNull().default(0),
    enrollCount: numberField('enroll_count').notNull().default(0),
    entryCount: numberField('entry_count').notNull().default(0),
    cancelledAt: timeField('cancelled_at'),
    cancelReason: textField('cancel_reason'),
    cancelledBy: integer('cancelled_by').references(() => admin.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...recordIndexes('activity', t),
    index('activity_kind').on(t.kind, t.createdAt.desc(), t.id.desc()),
    check('activity_limits', sql`${t.maxEnrolls} >= 0 and ${t.entriesPerUser} >= 1 and ${t.fee} >= 0`),
    check('activity_enroll_count', sql`${t.maxEnrolls} = 0 or ${t.enrollCount} <= ${t.maxEnrolls}`),
  ],
)

/**
 * 报名表单字段: the enrolment form the operator defines (edited in the activity's form, ChildrenDef). `kind` text,
 * textarea, number, phone, select (one of `options`, one per line) or image.
 */
export const activityFormField = pgTable(
  'activity_form_field',
  {
    ...childOf(() => activity.id),
    label: textField('label'),
    kind: optionField('kind').notNull().default('text'),
    required: switchField('required'),
    options: textField('options'),
  },
  (t) => [index('activity_form_field_parent').on(t.parentId, t.sort)],
)

/**
 * 报名: one per user and activity, with the form's answers (`answers`: field id → value). `state` enrolled, qualified,
 * disqualified (with `reason`) or awarded (`prize`, a tier). A paid activity's enrolment carries its fee and payment
 * state (unpaid, paid, refunded) and the payment adapter's order number.
 */
export const activityEnroll = pgTable(
  'activity_enroll',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    state: optionField('state').notNull().default('enrolled'),
    reason: textField('reason'),
    prize: textField('prize'),
    fee: numberField('fee').notNull().default(0),
    payState: optionField('pay_state').notNull().default('none'),
    orderNo: textField('order_no'),
    paidAt: timeField('paid_at'),
    decidedBy: integer('decided_by').references(() => admin.id, { onDelete: 'set null' }),
    decidedAt: timeField('decided_at'),
    createdAt: timeField('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_enroll_user').on(t.activityId, t.userId),
    index('activity_enroll_list').on(t.activityId, t.createdAt.desc(), t.id.desc()),
  ],
)

/**
 * 作品 (an essay activity's entries, /activity/articles/*): what an enrolled user submits — a title, a body, a cover.
 * `state` pending, qualified, disqualified (with `reason`) or awarded (`prize`).
 */
export const activityArticle = pgTable(
  'activity_article',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    title: textField('title'),
    body: textField('body'),
    cover: textField('cover'),
    state: optionField('state').notNull().default('pending'),
    reason: textField('reason'),
    prize: textField('prize'),
    decidedBy: integer('decided_by').references(() => admin.id, { onDelete: 'set null' }),
    decidedAt: timeField('decided_at'),
    removedAt: timeField('removed_at'),
    createdAt: timeField('created_at').notNull().defaultNow(),
    updatedAt: timeField('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('activity_article_list').on(t.activityId, t.createdAt.desc(), t.id.desc()),
    index('activity_article_user').on(t.activityId, t.userId),
  ],
)
