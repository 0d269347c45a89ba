import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isStrongPassword } from '@moc/domain/rules/password'
import { eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { bootstrap } from '../src/bootstrap.ts'
import { openDatabase } from '../src/db/client.ts'
import { admin, serverKey } from '../src/db/schema.ts'
import { verifyPassword } from '../src/platform/passwords.ts'
import { ensureServerKey } from '../src/platform/serverKey.ts'

const dir = mkdtempSync(join(tmpdir(), 'moc-boot-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('first start creates admin with a generated strong password; a second start on the same DATA_DIR keeps all data', async () => {
  const first = await openDatabase({ dataDir: dir })
  await first.migrate()
  const created = await bootstrap(first.db)
  expect(created.created).toBe(true)
  expect(isStrongPassword(created.generatedPassword!)).toBe(true)
  const key = await ensureServerKey(first.db)
  await first.db.update(admin).set({ realName: '改过的名字' }).where(eq(admin.username, 'admin'))
  await first.close()

  const second = await openDatabase({ dataDir: dir })
  await second.migrate()
  const again = await bootstrap(second.db, 'Ignored@2026x')
  expect(again).toEqual({ created: false })
  const [row] = await second.db.select().from(admin).where(eq(admin.username, 'admin'))
  expect(row?.realName).toBe('改过的名字')
  expect(await verifyPassword(row!.passwordHash, created.generatedPassword!)).toBe(true)
  expect((await ensureServerKey(second.db)).kid).toBe(key.kid)
  expect(await second.db.select().from(serverKey)).toHaveLength(1)
  await second.close()
})
