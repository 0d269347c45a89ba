import { contentMessages } from '@moc/domain/api/content'
import type { ResourceDef } from '@moc/domain/resources/types'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { content } from '../db/schema.ts'
import { recordMediaUsage } from '../modules/media/mediaUsage.ts'
import type { Ctx } from '../platform/context.ts'
import type { DataScope } from '../platform/dataScope.ts'
import { AppError } from '../platform/errors.ts'
import { applyCounts } from './contentCounters.ts'
import { contentFieldValues, contentWrite } from './contentFields.ts'
import { refuseUnknownMediaAccounts } from './contentRefs.ts'
import { checkRelations } from './contentRelations.ts'
import { counted, lockedInScope } from './contentRoutes.ts'
import { holderName, lockHeldByOther } from './editLock.ts'
import { keepVersion } from './versions.ts'

type Row = typeof content.$inferSelect

export interface ContentModify {
  def: ResourceDef
  id: number
  scope: DataScope
  me: number
  /**
   * The form's validated values (POST /api/content/modify), or — for a partial change such as a subject's
   * module calls — the whole form's values made from the stored row, read under the row lock so that two
   * changes cannot lose one another.
   */
  values: Record<string, unknown> | ((before: Row) => Record<string, unknown>)
}

/**
 * Saves an item's form (decision 0006): in scope and not recycled (404/409), relations checked (0011/0022), the
 * edit lock respected (0008), counters and media usage kept, a version kept unless a draft (0009). Both the
 * modify route and the partial calls built on it (0023 §4) save through here. Answers the row as saved.
 */
export async function modifyContent(ctx: Ctx, { def, id, scope, me, values }: ContentModify) {
  const { db } = ctx.database
  const { embedOrigins } = await ctx.settings.get('editor')
  // Given values are checked before the transaction, as the form's save always did; made ones once read.
  const given = typeof values === 'function' ? undefined : values
  const prepared = given && contentWrite(def, given, embedOrigins)
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [before] = await lockedInScope(tx, def, scope, [id])
    if (before!.recycledAt) throw new AppError('CONFLICT', contentMessages.recycled)
    const v = given ?? (values as (before: Row) => Record<string, unknown>)(before!)
    const write = prepared ?? contentWrite(def, v, embedOrigins)
    // Only a changed 媒体号 is checked (decision 0043), so against the stored row. On the transaction: PGlite has one
    // connection, a second query would wait on this one.
    await refuseUnknownMediaAccounts(tx, def, v, contentFieldValues(def, before!))
    await checkRelations(tx, def, v, scope)
    if (lockHeldByOther(before!, me))
      throw new AppError('CONFLICT', contentMessages.lockedBy(await holderName(tx, before!.lockedBy!)))
    const [after] = await tx
      .update(content)
      .set({ ...write, updatedAt: new Date() })
      .where(eq(content.id, id))
      .returning()
    await applyCounts(t, [{ before: counted(before!), after: counted(after!) }])
    // Media library "used in" (decision 0015): the files this item's fields and body mention.
    await recordMediaUsage(tx, after!)
    // Every save of a submitted or published item keeps a version (decision 0009); drafts keep none.
    if (after!.verifyState !== 0)
      await keepVersion(
        tx,
        def,
        { resType: after!.kind, resId: after!.id },
        contentFieldValues(def, after!),
        me,
      )
    return after!
  })
}
