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

/** The newest kept version of an item, as a transition reads it with the item (contentRoutes readInScope). */
export interface LatestVersion {
  id: number
  versionNo: number
  fields: Record<string, unknown>
  decision: string | null
}

/** A version write: a new version row, or the decision recorded on the latest one. */
export type VersionWrite =
  | { insert: typeof contentVersion.$inferInsert }
  | { decide: { id: number; decision: VersionDecision } }

/**
 * What keeping the item's current fields as a version (decision 0009) writes, given its latest version. A
 * snapshot equal to the latest version is not kept twice: the latest one takes the decision instead, unless it
 * already carries a different one. Undefined: nothing to write.
 */
export function versionWrite(
  def: ResourceDef,
  row: Row,
  latest: LatestVersion | undefined,
  by: number,
  decision: VersionDecision | null,
): VersionWrite | undefined {
  const fields = contentFieldValues(def, row)
  const insert = (versionNo: number) => ({
    insert: { contentId: row.id, versionNo, fields, createdBy: by, decision },
  })
  if (latest && sameFields(def.fields, latest.fields, fields)) {
    if (!decision || latest.decision === decision) return undefined
    return latest.decision === null ? { decide: { id: latest.id, decision } } : insert(latest.versionNo + 1)
  }
  return insert((latest?.versionNo ?? 0) + 1)
}

/**
 * Keeps the item's current fields as a version (versionWrite), inside the caller's transaction, which holds the
 * item's row lock (so version numbers cannot race).
 */
export async function keepVersion(
  tx: Db,
  def: ResourceDef,
  row: Row,
  by: number,
  decision: VersionDecision | null = null,
) {
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
  const w = versionWrite(def, row, latest, by, decision)
  if (!w) return
  if ('insert' in w) await tx.insert(contentVersion).values(w.insert)
  else
    await tx
      .update(contentVersion)
      .set({ decision: w.decide.decision })
      .where(eq(contentVersion.id, w.decide.id))
}
