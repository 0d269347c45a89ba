import { randomBytes } from 'node:crypto'
import { SUPER_ADMIN_ROLE_ID, SUPER_ADMIN_USERNAME } from '@moc/domain/constants'
import { eq, sql } from 'drizzle-orm'
import type { Db } from './db/client.ts'
import { admin, role } from './db/schema.ts'
import { hashPassword } from './platform/passwords.ts'

/**
 * First-start data: role 1 (超级管理员) and the account `admin`. Returns the generated password when
 * one had to be made up (printed once by main.ts), undefined when the account already existed.
 */
export async function bootstrap(
  db: Db,
  adminPassword?: string,
): Promise<{ generatedPassword?: string; created: boolean }> {
  await db
    .insert(role)
    .values({ id: SUPER_ADMIN_ROLE_ID, name: '超级管理员', description: '拥有全部权限' })
    .onConflictDoNothing()
  // Keep the serial ahead of the explicit id 1 so the next role gets 2.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('role', 'id'), greatest((select max(id) from role), 1))`,
  )
  const [existing] = await db
    .select({ id: admin.id })
    .from(admin)
    .where(eq(admin.username, SUPER_ADMIN_USERNAME))
    .limit(1)
  if (existing) return { created: false }
  const generated = adminPassword ? undefined : generatePassword()
  await db
    .insert(admin)
    .values({
      username: SUPER_ADMIN_USERNAME,
      passwordHash: await hashPassword(adminPassword ?? generated!),
      realName: '超级管理员',
      roleId: SUPER_ADMIN_ROLE_ID,
      state: 1,
    })
    .onConflictDoNothing()
  return { generatedPassword: generated, created: true }
}

/** 16 characters meeting the password rule: every class guaranteed, the rest random. */
function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#%^*-_+=?']
  const all = sets.join('')
  const pick = (s: string) => s[randomBytes(1)[0]! % s.length]!
  const chars = [...sets.map(pick), ...Array.from({ length: 12 }, () => pick(all))]
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}
