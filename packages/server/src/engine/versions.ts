import type { ReviewAction } from '@moc/domain/api/review'
import type { ResourceDef } from '@moc/domain/resources/types'
import { sameFields } from '@moc/domain/rules/versionDiff'
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { resourceVersion } from '../db/schema.ts'

/** Versions of any reviewed item (decision 0009), keyed by (res_type, res_id) (DESIGN §5). */

export type VersionDecision = 'pass' | 'reject'

/** An item's key in the review history: its review resType and its id in its own table. */
export interface ItemKey {
  resType: string
  resId: number
}

/**
 * The decision a transition records on the version: the final approval (the item is published after it) or a
 * publish without review, a rejection.
 */
export function decisionOf(
  action: ReviewAction,
  verifyStateAfter: number,
): VersionDecision | null | undefined {
  if (action === 'reject') return 'reject'
  if (action === 'publish' || (action === 'pass' && verifyStateAfter === 1)) return 'pass'
  // A submission is worth a version (what the reviewers get); other transitions keep none.
  return action === 'submit' ? null : undefined
}

/** The newest kept version of an item, as a transition reads it with the item. */
export interface LatestVersion {
  id: number
  versionNo: number
  fields: Record<string, unknown>
  decision: string | null
}

/** A version write: a new version row, or the decision recorded on the latest one. */
export type VersionWrite =
  | { insert: typeof resourceVersion.$inferInsert }
  | { decide: { id: number; decision: VersionDecision } }

/**
 * What keeping the item's current `fields` as a version writes, given its latest version. A snapshot equal to the
 * latest version is not kept twice: the latest one takes the decision instead, unless it already carries a different
 * one. Undefined: nothing to write.
 */
export function versionWrite(
  def: ResourceDef,
  key: ItemKey,
  fields: Record<string, unknown>,
  latest: LatestVersion | undefined,
  by: number,
  decision: VersionDecision | null,
): VersionWrite | undefined {
  const insert = (versionNo: number) => ({ insert: { ...key, versionNo, fields, createdBy: by, decision } })
  if (latest && sameFields(def.fields, latest.fields, fields)) {
    if (!decision || latest.decision === decision) return undefined
    return latest.decision === null ? { decide: { id: latest.id, decision } } : insert(latest.versionNo + 1)
  }
  return insert((latest?.versionNo ?? 0) + 1)
}

/** The newest kept version of an item (undefined when none). */
export async function latestVersion(db: Db, key: ItemKey): Promise<LatestVersion | undefined> {
  const v = resourceVersion
  const [latest] = await db
    .select({ id: v.id, versionNo: v.versionNo, fields: v.fields, decision: v.decision })
    .from(v)
    .where(and(eq(v.resType, key.resType), eq(v.resId, key.resId)))
    .orderBy(desc(v.versionNo))
    .limit(1)
  return latest
}

/** Writes a planned version (versionWrite) inside the caller's transaction. */
export async function applyVersionWrite(tx: Db, w: VersionWrite | undefined) {
  if (!w) return
  if ('insert' in w) await tx.insert(resourceVersion).values(w.insert)
  else
    await tx
      .update(resourceVersion)
      .set({ decision: w.decide.decision })
      .where(eq(resourceVersion.id, w.decide.id))
}

/**
 * Keeps the item's current fields as a version (versionWrite), inside the caller's transaction, which holds the
 * item's row lock (so version numbers cannot race).
 */
export async function keepVersion(
  tx: Db,
  def: ResourceDef,
  key: ItemKey,
  fields: Record<string, unknown>,
  by: number,
  decision: VersionDecision | null = null,
) {
  await applyVersionWrite(tx, versionWrite(def, key, fields, await latestVersion(tx, key), by, decision))
}
