import { CONTENT_LOCK_MS } from '@moc/domain/api/content'
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { admin } from '../db/schema.ts'
import { AppError } from '../platform/errors.ts'

/**
 * The edit lock of any lockable item (decision 0006; content and the record store's `lockable` trait): the holder
 * and since when, on the row; it lapses CONTENT_LOCK_MS after its last refresh.
 */
export interface LockTable {
  table: PgTable
  lockedBy: PgColumn
  lockedAt: PgColumn
  /** The recycle bin's column, when the type has one: a binned item takes no lock. */
  recycledAt?: PgColumn
}

export interface LockMessages {
  notFound: string
  recycled: string
  notLockHolder: string
}

/** Whether another account's edit lock on the row is still live. */
export function lockHeldByOther(r: { lockedBy: number | null; lockedAt: Date | null }, me: number) {
  return (
    r.lockedBy !== null &&
    r.lockedBy !== me &&
    !!r.lockedAt &&
    Date.now() - r.lockedAt.getTime() < CONTENT_LOCK_MS
  )
}

export async function holderName(db: Db, id: number) {
  const [a] = await db.select({ username: admin.username }).from(admin).where(eq(admin.id, id))
  return a?.username ?? ''
}

const expiry = (at: Date | null) => (at ? new Date(at.getTime() + CONTENT_LOCK_MS).toISOString() : null)

/**
 * Takes or renews the lock of the item `where` names for `me` — when it is free, already mine or lapsed, or `force`
 * (the super administrator) — else answers who holds it.
 */
export async function takeEditLock(
  db: Db,
  t: LockTable,
  where: SQL | undefined,
  me: { adminId: number; username: string },
  force: boolean,
  msg: LockMessages,
) {
  const expired = sql`${t.lockedAt} < now() - make_interval(secs => ${CONTENT_LOCK_MS / 1000})`
  const [taken] = (await db
    .update(t.table)
    .set({ lockedBy: me.adminId, lockedAt: sql`now()` } as never)
    .where(
      and(
        where,
        t.recycledAt ? isNull(t.recycledAt) : undefined,
        force ? undefined : or(isNull(t.lockedBy), eq(t.lockedBy, me.adminId), expired),
      ),
    )
    .returning({ lockedAt: t.lockedAt })) as { lockedAt: Date }[]
  if (taken)
    return { locked: true, holderId: me.adminId, holderName: me.username, expiresAt: expiry(taken.lockedAt) }
  const [row] = (await db
    .select({
      lockedBy: t.lockedBy,
      lockedAt: t.lockedAt,
      ...(t.recycledAt ? { recycledAt: t.recycledAt } : {}),
    })
    .from(t.table)
    .where(where)) as { lockedBy: number | null; lockedAt: Date | null; recycledAt?: Date | null }[]
  if (!row) throw new AppError('NOT_FOUND', msg.notFound)
  if (row.recycledAt) throw new AppError('CONFLICT', msg.recycled)
  return {
    locked: false,
    holderId: row.lockedBy,
    holderName: row.lockedBy ? await holderName(db, row.lockedBy) : '',
    expiresAt: expiry(row.lockedAt),
  }
}

/**
 * Releases the lock of the item `where` names: the caller's own, or anyone's with `force` (the super administrator).
 * `named` hears the item's title (its `title` column) as soon as it is known, for the operation log. A free lock is
 * fine; another's answers 409.
 */
export async function releaseEditLock(
  db: Db,
  t: LockTable & { title: PgColumn },
  where: SQL | undefined,
  me: number,
  force: boolean,
  msg: LockMessages,
  named: (title: string) => void,
): Promise<boolean> {
  const released = (await db
    .update(t.table)
    .set({ lockedBy: null, lockedAt: null } as never)
    .where(and(where, force ? undefined : eq(t.lockedBy, me)))
    .returning({ title: t.title })) as { title: string }[]
  if (released.length) {
    named(String(released[0]!.title))
    return true
  }
  // Nothing released: say why (absent, or held by someone else; a free lock is fine).
  const [row] = (await db.select({ lockedBy: t.lockedBy, title: t.title }).from(t.table).where(where)) as {
    lockedBy: number | null
    title: string
  }[]
  if (!row) throw new AppError('NOT_FOUND', msg.notFound)
  named(String(row.title))
  if (row.lockedBy !== null && row.lockedBy !== me) throw new AppError('CONFLICT', msg.notLockHolder)
  return false
}
