import { desc } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { serverKey } from '../db/schema.ts'
import { generateServerKey, type ServerKeyPair } from './codec.ts'

/** The newest codec key pair, created on first start; kept in the database so every instance shares it. */
export async function ensureServerKey(db: Db): Promise<ServerKeyPair> {
  const [row] = await db.select().from(serverKey).orderBy(desc(serverKey.createdAt)).limit(1)
  if (row) return row
  const fresh = generateServerKey()
  await db.insert(serverKey).values(fresh).onConflictDoNothing()
  const [stored] = await db.select().from(serverKey).orderBy(desc(serverKey.createdAt)).limit(1)
  return stored ?? fresh
}
