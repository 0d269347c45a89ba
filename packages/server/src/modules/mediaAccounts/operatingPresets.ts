import { mediaAccountMessages } from '@moc/domain/api/mediaAccounts'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { mediaAccount, mediaColumn, mediaOperator, operatingPreset } from '../../db/tables/media.ts'
import { registerAfterWrite } from '../../engine/records/recordDerived.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * 运营预置 at work (decision 0043): a disabled preset cannot be chosen; an account approved without columns takes the
 * preset's default columns; an enabled operator's media role must be one the account's preset names (none named:
 * any role). Run in the write's transaction (registerAfterWrite), so a refusal undoes the write.
 */

registerAfterWrite('mediaAccount', async (tx, ids, write) => {
  if (!ids.length) return
  const reviewStep = write.kind === 'review'
  const rows = await tx
    .select({
      id: mediaAccount.id,
      verifyState: mediaAccount.verifyState,
      columns: mediaAccount.columns,
      presetId: mediaAccount.presetId,
      presetShown: operatingPreset.showState,
      presetColumns: operatingPreset.columns,
    })
    .from(mediaAccount)
    .leftJoin(operatingPreset, eq(operatingPreset.id, mediaAccount.presetId))
    .where(inArray(mediaAccount.id, [...ids]))
  // A form save choosing (or keeping) a disabled preset; a review step only moves the account along.
  if (rows.some((r) => r.presetId !== null && r.presetShown === false && !reviewStep))
    throw new AppError('BAD_REQUEST', mediaAccountMessages.presetDisabled)
  const approved = rows.filter(
    (r) =>
      reviewStep &&
      r.verifyState === VERIFY_STATE.passed &&
      !(r.columns as number[]).length &&
      (r.presetColumns as number[] | null)?.length,
  )
  if (!approved.length) return
  // The preset's columns that still exist (a column may be deleted after the preset names it).
  const wanted = [...new Set(approved.flatMap((r) => r.presetColumns as number[]))]
  const live = new Set(
    (await tx.select({ id: mediaColumn.id }).from(mediaColumn).where(inArray(mediaColumn.id, wanted))).map(
      (c) => c.id,
    ),
  )
  for (const r of approved) {
    const columns = (r.presetColumns as number[]).filter((id) => live.has(id))
    if (columns.length) await tx.update(mediaAccount).set({ columns }).where(eq(mediaAccount.id, r.id))
  }
})

registerAfterWrite('mediaOperator', async (tx: Db, ids) => {
  if (!ids.length) return
  const rows = await tx
    .select({ roleId: mediaOperator.roleId, roles: operatingPreset.roles })
    .from(mediaOperator)
    .innerJoin(mediaAccount, eq(mediaAccount.id, mediaOperator.mediaAccountId))
    .leftJoin(operatingPreset, eq(operatingPreset.id, mediaAccount.presetId))
    .where(and(inArray(mediaOperator.id, [...ids]), eq(mediaOperator.showState, true)))
  // A disabled operator acts for no one: disabling one whose role the preset dropped must stay possible.
  if (rows.some((r) => (r.roles as number[] | null)?.length && !(r.roles as number[]).includes(r.roleId)))
    throw new AppError('BAD_REQUEST', mediaAccountMessages.roleNotInPreset)
})
