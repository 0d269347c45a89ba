import type { ReviewAction } from '@moc/domain/api/review'
import type { ResourceDef } from '@moc/domain/resources/types'
import { sameFields } from '@moc/domain/rules/versionDiff'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { type content, contentVersion } from '../db/schema.ts'
import { contentFieldValues } from './contentFields.ts'

type Row = typeof content.$inferSelect
export type VersionDecision = 'pass' | 'reject'

/** The decision a transition records on the version: the final approval or a publish without review, a rejection. */
export function decisionOf(action: ReviewAction, after: Row): VersionDecision | null | undefined {
  if (action === 'reject') return 'reject'
  if (action === 'publish' || (action === 'pass' && after.verifyState === 1)) return 'pass'
  // A submission is worth a version (what the reviewers get); other transitions keep none.
  return action === 'submit' ? null : undefined
}

/**
 * Keeps the item's current fields as a version (decision 0009), inside the caller's transaction, which holds
 * the item's row lock (so version numbers cannot race). A snapshot equal to the latest version is not kept
 * twice: the latest one takes the decision instead, unless it already carries a different one.
 */
export async function keepVersion(
  tx: Db,
  def: ResourceDef,
  row: Row,
  by: number,
  decision: VersionDecision | null = null,
) {
  const fields = contentFieldValues(def, row)
  const [latest] = await tx
    .select({
      id: contentVersion.id,
      versionNo: contentVersion.versionNo,
      fields: contentVersion.fields,
      decision: contentVersion.decision,
    })
    .from(contentVersion)
    .where(eq(contentVersion.contentId, row.id))
    .orderBy(desc(contentVersion.versionNo))
    .limit(1)
  if (latest && sameFields(def.fields, latest.fields, fields)) {
    if (decision && latest.decision !== decision) {
      if (latest.decision === null)
        await tx.update(contentVersion).set({ decision }).where(eq(contentVersion.id, latest.id))
      else await insert(latest.versionNo + 1)
    }
    return
  }
  await insert((latest?.versionNo ?? 0) + 1)

  async function insert(versionNo: number) {
    await tx.insert(contentVersion).values({ contentId: row.id, versionNo, fields, createdBy: by, decision })
  }
}
