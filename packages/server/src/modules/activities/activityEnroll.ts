import { activityMessages } from '@moc/domain/api/activities'
import { type EnrollFormField, enrollAnswersSchema } from '@moc/domain/resources/activity/activityRules'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { activity, activityArticle, activityEnroll, activityFormField } from '../../db/tables/activities.ts'
import { AppError } from '../../platform/errors.ts'
import { payments } from '../../platform/payments/payments.ts'

/** An activity the app shows: published, shown, not in the recycle bin, not cancelled. */
export const liveActivity: SQL = and(
  eq(activity.verifyState, VERIFY_STATE.passed),
  eq(activity.showState, true),
  isNull(activity.recycledAt),
  isNull(activity.cancelledAt),
)!

/** An activity's enrolment form, in its order. */
export async function formFieldsOf(db: Db, activityId: number): Promise<EnrollFormField[]> {
  return db
    .select({
      id: activityFormField.id,
      label: activityFormField.label,
      kind: activityFormField.kind,
      required: activityFormField.required,
      options: activityFormField.options,
    })
    .from(activityFormField)
    .where(eq(activityFormField.parentId, activityId))
    .orderBy(asc(activityFormField.sort), asc(activityFormField.id))
}

/** The answers checked against the form (enrollAnswersSchema); the first problem is the 400's message. */
export function checkedAnswers(
  fields: readonly EnrollFormField[],
  answers: unknown,
): Record<string, unknown> {
  const parsed = enrollAnswersSchema(fields).safeParse(answers)
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? '报名信息有误')
  return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined))
}

/**
 * An app user's enrolment (报名), in one transaction: the activity is live and its enrolment window open; the
 * answers pass its form; one enrolment per user (the unique index is the last word); and the limit is held exactly
 * by ONE conditional UPDATE of `enroll_count` (raised only while below `max_enrolls`) — concurrent enrolments wait
 * on the activity's row lock and re-check the condition, so the count never passes the limit. A paid activity's
 * enrolment gets an unpaid order from the payment adapter.
 */
export async function enroll(db: Db, userId: number, activityId: number, answers: unknown, now = new Date()) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [a] = await tx
      .select()
      .from(activity)
      .where(and(eq(activity.id, activityId), liveActivity))
    if (!a) throw new AppError('NOT_FOUND', activityMessages.notFound)
    if (a.enrollStart && a.enrollStart > now)
      throw new AppError('CONFLICT', activityMessages.enrollNotStarted)
    const close = a.enrollEnd ?? a.endAt
    if (close && close <= now) throw new AppError('CONFLICT', activityMessages.enrollEnded)
    const values = checkedAnswers(await formFieldsOf(tx, a.id), answers)
    const order =
      a.kind === 'pay'
        ? await payments.createOrder({
            amount: a.fee,
            subject: a.title,
            reference: `activity:${a.id}:${userId}`,
          })
        : null
    const [row] = await tx
      .insert(activityEnroll)
      .values({
        activityId: a.id,
        userId,
        answers: values,
        fee: a.kind === 'pay' ? a.fee : 0,
        payState: order ? 'unpaid' : 'none',
        orderNo: order?.orderNo ?? '',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) throw new AppError('CONFLICT', activityMessages.enrolledAlready)
    const [raised] = await tx
      .update(activity)
      .set({ enrollCount: sql`${activity.enrollCount} + 1` })
      .where(
        and(
          eq(activity.id, a.id),
          sql`(${activity.maxEnrolls} = 0 or ${activity.enrollCount} < ${activity.maxEnrolls})`,
        ),
      )
      .returning({ enrollCount: activity.enrollCount })
    if (!raised) throw new AppError('CONFLICT', activityMessages.full)
    return { ...row, payParams: order?.payParams ?? {} }
  })
}

export interface ArticleInput {
  title: string
  body: string
  cover: string
}

/**
 * An entry (作品) of an essay activity, by an enrolled user who is not disqualified, before the activity ends; at
 * most `entries_per_user` live entries each, counted under the enrolment's row lock (a user's concurrent entries
 * wait for one another). `entry_count` is kept here. The console's 作品补录 uses it too (`byOperator`: the app's
 * window is not asked).
 */
export async function submitArticle(
  db: Db,
  userId: number,
  activityId: number,
  input: ArticleInput,
  { byOperator = false, now = new Date() } = {},
) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [a] = await tx
      .select()
      .from(activity)
      .where(and(eq(activity.id, activityId), byOperator ? isNull(activity.recycledAt) : liveActivity))
    if (!a) throw new AppError('NOT_FOUND', activityMessages.notFound)
    if (a.cancelledAt) throw new AppError('CONFLICT', activityMessages.cancelled)
    if (a.kind !== 'essay') throw new AppError('CONFLICT', activityMessages.notEssay)
    if (!byOperator && a.endAt && a.endAt <= now)
      throw new AppError('CONFLICT', activityMessages.articleEnded)
    const [mine] = await tx
      .select({ id: activityEnroll.id, state: activityEnroll.state })
      .from(activityEnroll)
      .where(and(eq(activityEnroll.activityId, a.id), eq(activityEnroll.userId, userId)))
      .for('update')
    if (!mine) throw new AppError('CONFLICT', activityMessages.notEnrolled)
    if (mine.state === 'disqualified') throw new AppError('CONFLICT', activityMessages.disqualified)
    const [n] = await tx
      .select({ n: count() })
      .from(activityArticle)
      .where(
        and(
          eq(activityArticle.activityId, a.id),
          eq(activityArticle.userId, userId),
          isNull(activityArticle.removedAt),
        ),
      )
    if ((n?.n ?? 0) >= a.entriesPerUser)
      throw new AppError('CONFLICT', activityMessages.entriesUsed(a.entriesPerUser))
    const [row] = await tx
      .insert(activityArticle)
      .values({ activityId: a.id, userId, ...input, createdAt: now, updatedAt: now })
      .returning()
    await tx
      .update(activity)
      .set({ entryCount: sql`${activity.entryCount} + 1` })
      .where(eq(activity.id, a.id))
    return row!
  })
}
