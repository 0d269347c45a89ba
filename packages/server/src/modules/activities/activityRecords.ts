import { activityMessages } from '@moc/domain/api/activities'
import {
  ACTIVITY_STAGES,
  activityRuleError,
  activityRuleMessages,
  activityStage,
  CANCELLABLE_STAGES,
  type StageInput,
} from '@moc/domain/resources/activity/activityRules'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { activity, activityEnroll, activityFormField } from '../../db/tables/activities.ts'
import { registerCommand } from '../../engine/records/recordCommands.ts'
import { registerAfterWrite, registerDerived } from '../../engine/records/recordDerived.ts'
import { AppError } from '../../platform/errors.ts'
import { payments } from '../../platform/payments/payments.ts'

/** The activity definition's stage, its cross-field rules and 取消 (decision 0045). */

registerDerived('activity', async (_db, rows) => {
  const now = new Date()
  return new Map(rows.map((r) => [r.id, { stage: activityStage(r as unknown as StageInput, now) }]))
})

/**
 * Every save keeps the rules across fields (activityRuleError: windows, fee by kind), a select form field has
 * options, and a limit is never below the enrolments already taken; a broken one undoes the save (400).
 */
registerAfterWrite('activity', async (tx, ids) => {
  if (!ids.length) return
  const rows = await tx
    .select()
    .from(activity)
    .where(inArray(activity.id, [...ids]))
  for (const r of rows) {
    const broken = activityRuleError(r)
    if (broken) throw new AppError('BAD_REQUEST', broken)
    if (r.maxEnrolls > 0 && r.maxEnrolls < r.enrollCount)
      throw new AppError('BAD_REQUEST', `报名人数上限不能少于已报名人数（${r.enrollCount}）`)
  }
  const selects = await tx
    .select({ label: activityFormField.label, options: activityFormField.options })
    .from(activityFormField)
    .where(and(inArray(activityFormField.parentId, [...ids]), eq(activityFormField.kind, 'select')))
  const bare = selects.find((f) => !f.options.trim())
  if (bare) throw new AppError('BAD_REQUEST', activityRuleMessages.selectOptions(bare.label))
})

/**
 * 取消 (spec §4): a published or ongoing activity only (409 otherwise), with the reason and who did it; it leaves
 * the app at once and takes no more enrolments or entries. Paid enrolments are refunded through the adapter.
 */
export async function cancelActivity(
  tx: Db,
  row: Record<string, unknown> & { id: number },
  reason: string,
  adminId: number,
) {
  const stage = activityStage(row as unknown as StageInput)
  if (!CANCELLABLE_STAGES.includes(stage))
    throw new AppError('CONFLICT', activityMessages.notCancellable(ACTIVITY_STAGES[stage]))
  const now = new Date()
  await tx
    .update(activity)
    .set({ cancelledAt: now, cancelReason: reason, cancelledBy: adminId, updatedAt: now })
    .where(eq(activity.id, row.id))
  const paid = await tx
    .select({ id: activityEnroll.id, orderNo: activityEnroll.orderNo, fee: activityEnroll.fee })
    .from(activityEnroll)
    .where(and(eq(activityEnroll.activityId, row.id), eq(activityEnroll.payState, 'paid')))
  for (const p of paid) await payments.refund(p.orderNo, p.fee)
  if (paid.length)
    await tx
      .update(activityEnroll)
      .set({ payState: 'refunded' })
      .where(
        inArray(
          activityEnroll.id,
          paid.map((p) => p.id),
        ),
      )
  return { updated: 1, refunded: paid.length }
}

registerCommand('activity', 'cancel', ({ tx, rows, input, req }) =>
  cancelActivity(tx, rows[0]!, String(input.reason), req.principal!.adminId),
)
