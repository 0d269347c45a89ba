import type { SessionUser, SignedIn } from '@moc/domain/api/session'
import { isSuperAdmin } from '@moc/domain/permissions/can'
import type { PowerMap } from '@moc/domain/permissions/types'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { admin, role } from '../../db/schema.ts'

export type AdminRow = typeof admin.$inferSelect

export async function findAdminByUsername(db: Db, username: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select()
    .from(admin)
    .where(sql`lower(${admin.username}) = lower(${username})`)
    .limit(1)
  return row
}

export async function findAdminById(db: Db, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admin).where(eq(admin.id, id)).limit(1)
  return row
}

/** The signed-in payload of spec §7 login: user, permission map and visible menu keys. */
export async function signedInPayload(db: Db, row: AdminRow): Promise<Omit<SignedIn, 'token'>> {
  const [r] = row.roleId ? await db.select().from(role).where(eq(role.id, row.roleId)).limit(1) : []
  const user: SessionUser = {
    id: row.id,
    username: row.username,
    realName: row.realName,
    roleId: row.roleId,
    roleName: r?.name ?? null,
    xiumiOpenId: row.xiumiOpenId,
    email: row.email,
    phone: row.phone,
  }
  return { user, ...grantPayload(row.roleId, r?.power ?? {}, r?.powerMenuAttrs ?? []) }
}

/**
 * The permission map and menu keys a client receives. The super administrator passes every check by
 * roleId alone (spec §6), so its map is left empty rather than spelled out: the full catalogue is
 * ~28 KB that every session refresh would carry for nothing.
 */
export function grantPayload(roleId: number | null, power: PowerMap, powerMenuAttrs: string[]) {
  return isSuperAdmin({ roleId }) ? { power: {}, powerMenuAttrs: [] } : { power, powerMenuAttrs }
}

export const maskPhone = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****'
