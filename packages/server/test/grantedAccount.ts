import type { PowerMap } from '@moc/domain/permissions/types'
import { eq } from 'drizzle-orm'
import { admin, role } from '../src/db/schema.ts'
import { hashPassword } from '../src/platform/passwords.ts'
import type { TestApp } from './harness.ts'

export const GRANTED_PASSWORD = 'Granted@2026'

/** A power map holding exactly the given actions of one page each. */
export const powerOf = (grants: Record<string, string[]>): PowerMap =>
  Object.fromEntries(
    Object.entries(grants).map(([page, actions]) => [
      page,
      actions.map((actionName) => ({ actionName, exists: true })),
    ]),
  )

/**
 * An enabled account (password GRANTED_PASSWORD) in a new role holding `power`, a session for it, its role.
 * Created in the database directly: the account screens are another module's.
 */
export async function grantedAccount(t: TestApp, username: string, power: PowerMap) {
  const { db } = t.database
  const [r] = await db
    .insert(role)
    .values({ name: `role-${username}`, power })
    .returning({ id: role.id })
  const [a] = await db
    .insert(admin)
    .values({ username, passwordHash: await hashPassword(GRANTED_PASSWORD), roleId: r!.id, state: 1 })
    .returning({ id: admin.id })
  const token = await t.ctx.sessions.create(a!.id, '127.0.0.1', 'test', false)
  return { id: a!.id, token, roleId: r!.id }
}

/** A granted account that belongs to department `dept` and whose role's data scope is that department. */
export async function scopedAccount(
  t: TestApp,
  username: string,
  grants: Record<string, string[]>,
  dept: number,
) {
  const a = await grantedAccount(t, username, powerOf(grants))
  const { db } = t.database
  await db
    .update(role)
    .set({ permissionDepartment: String(dept) })
    .where(eq(role.id, a.roleId))
  await db.update(admin).set({ departmentId: dept }).where(eq(admin.id, a.id))
  return a
}
