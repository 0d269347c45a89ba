import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { admin } from '../schema.ts'
import {
  numberField,
  optionField,
  record,
  recordIndexes,
  scoped,
  showable,
  sortable,
  textField,
  timeField,
} from '../traits.ts'
import { appUser } from './community.ts'

/**
 * Tasks, sign-in, medals and avatar frames (spec §2 /taskManage list, sort, signin; /taskDetail; /taskMedal,
 * /taskAvatar and their details; decision 0050). App users complete tasks and sign in through the app-facing API;
 * points go through point_log (marketing.ts). Progress and sign-ins are keyed so each counts once.
 */

/**
 * 任务: an app action (read, share, comment, post, vote, signin, invite) done `target` times, daily (again each day,
 * Asia/Shanghai) or once, for `points`; 上线/下线 (show_state) and 排序 (sort).
 */
export const task = pgTable(
  'task',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    ...sortable(),
    name: textField('name'),
    icon: textField('icon'),
    description: textField('description'),
    link: textField('link'),
    action: optionField('action').notNull(),
    period: optionField('period').notNull().default('daily'),
    target: numberField('target').notNull().default(1),
    points: numberField('points').notNull().default(0),
  },
  (t) => [...recordIndexes('task', t), check('task_numbers', sql`${t.target} >= 1 and ${t.points} >= 0`)],
)

/** A user's progress on a task in a period (`period_key` the day YYYY-MM-DD, or 'once'); completed once. */
export const taskProgress = pgTable(
  'task_progress',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    count: integer('count').notNull().default(0),
    completedAt: timeField('completed_at'),
    updatedAt: timeField('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('task_progress_once').on(t.taskId, t.userId, t.periodKey),
    index('task_progress_user').on(t.userId, t.updatedAt.desc()),
  ],
)

/** 连续签到奖励 (/taskManage signin): reaching a streak of `days` pays `points` (and grants `award_id`) once per streak. */
export const signinRule = pgTable(
  'signin_rule',
  {
    ...record(),
    ...scoped(),
    days: numberField('days').notNull(),
    points: numberField('points').notNull().default(0),
    awardId: integer('award_id'),
    remark: textField('remark'),
  },
  (t) => [
    ...recordIndexes('signin_rule', t),
    check('signin_rule_numbers', sql`${t.days} >= 1 and ${t.points} >= 0`),
  ],
)

/** 签到记录: one per user and day (Asia/Shanghai), with the streak it makes and the points it paid. */
export const signinRecord = pgTable(
  'signin_record',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    streak: integer('streak').notNull(),
    points: integer('points').notNull().default(0),
    bonus: integer('bonus').notNull().default(0),
    createdAt: timeField('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signin_record_day').on(t.userId, t.day)],
)

/**
 * 勋章 and 头像框 (kind medal, avatarFrame): earned by a rule (points, signinStreak, tasks, invites reaching
 * `threshold`) or granted by an operator (rule manual); `granted_count` counts holders.
 */
export const award = pgTable(
  'award',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    ...sortable(),
    kind: optionField('kind').notNull(),
    name: textField('name'),
    image: textField('image'),
    description: textField('description'),
    rule: optionField('rule').notNull().default('manual'),
    threshold: numberField('threshold').notNull().default(0),
    grantedCount: numberField('granted_count').notNull().default(0),
  },
  (t) => [...recordIndexes('award', t), index('award_rule').on(t.kind, t.rule)],
)

/** A medal or frame a user holds (once: unique), earned by its rule or granted (`granted_by`, `reason`). */
export const userAward = pgTable(
  'user_award',
  {
    id: serial('id').primaryKey(),
    awardId: integer('award_id')
      .notNull()
      .references(() => award.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** rule, grant */
    source: text('source').notNull(),
    grantedBy: integer('granted_by').references(() => admin.id, { onDelete: 'set null' }),
    reason: textField('reason'),
    createdAt: timeField('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_award_once').on(t.awardId, t.userId),
    index('user_award_user').on(t.userId, t.createdAt.desc()),
  ],
)
