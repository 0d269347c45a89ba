import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { admin } from '../db/schema.ts'

/** The creator filter (spec §6, an account name) → the account's id; null when no account has that name. */
export async function creatorIdByName(db: Db, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: admin.id })
    .from(admin)
    .where(eq(sql`lower(${admin.username})`, name.toLowerCase()))
    .limit(1)
  return row?.id ?? null
}
