import { article } from '@moc/domain/resources/article'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/client.ts'
import { execOn } from '../src/db/execOn.ts'
import { content, contentCount, operationLog, processResourceLog } from '../src/db/schema.ts'
import { counted, readInScope } from '../src/engine/contentRoutes.ts'
import { isStaleWrite, TRANSITION_WRITE, transitionValues } from '../src/engine/transitionWrite.ts'
import { contentCalls } from './contentCalls.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

/**
 * The transition write (transitionWrite.ts) applies only to rows still as they were read: an item changed in
 * between makes the whole statement fail with 40001 and write nothing; planned on a fresh read it applies.
 */
describe.each(engines)('transition write (%s)', (engine) => {
  let t: TestApp
  let token: string
  const { post, draft } = contentCalls(() => t)
  const scope = { unrestricted: true as const, adminId: 1, username: 'admin' }

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await login(t.app)
  })
  afterAll(() => t?.close())

  const audit = {
    adminId: 1,
    username: 'admin',
    page: '文章审核',
    action: '审核通过',
    method: 'POST',
    path: '/api/verify-center/approved',
    target: '',
    ip: '127.0.0.1',
    userAgent: 'test',
    result: 'success',
    code: 0,
    status: 200,
    createdAt: new Date(),
    targetName: '',
  }
  /** The final approval of `id`, planned on `read`. */
  const approval = (read: Awaited<ReturnType<typeof readInScope>>[number]) => {
    const now = new Date()
    const after = { ...read.row, verifyState: 1, processType: 'PASS', processStateId: null, publishedAt: now }
    const log = { resType: 'article', action: 'pass' as const, actorId: 1, actorName: 'admin', stateId: null }
    return transitionValues(
      now,
      [{ after, xmin: read.xmin, version: undefined, log: { ...log, stateName: '', comment: '' } }],
      audit,
      [{ before: counted(read.row), after: counted(after) }],
    )
  }
  const written = async (id: number) => {
    const [row] = await t.database.db.select().from(content).where(eq(content.id, id))
    const logs = await t.database.db.select().from(processResourceLog).where(eq(processResourceLog.resId, id))
    const [{ n }] = (await t.database.db
      .select({ n: sql<number>`coalesce(sum(${contentCount.n}), 0)::int` })
      .from(contentCount)
      .where(
        sql`${contentCount.kind} = 'article' and ${contentCount.verifyState} = 1 and ${contentCount.departmentId} = -1`,
      )) as [{ n: number }]
    const audits = await t.database.db.select().from(operationLog).where(eq(operationLog.action, '审核通过'))
    return { state: row!.verifyState, logs: logs.length, published: n, audits: audits.length }
  }

  it('writes nothing when the item changed after it was read, and applies on a fresh read', async () => {
    const id = await draft(token, '并发审核')
    expect((await post(token, '/api/content/examination', { kind: 'article', ids: [id] })).body.code).toBe(0)
    const [stale] = await readInScope(t.database.db, article, scope, [id], { lock: false, latest: true })
    // Another writer edits the item between the read and the write.
    await t.database.db.update(content).set({ title: '并发审核（改）' }).where(eq(content.id, id))
    const before = await written(id)

    const err = await execOn(t.database.db, 'transition_write', TRANSITION_WRITE, approval(stale!)).catch(
      (e) => e,
    )
    expect(isStaleWrite(err)).toBe(true)
    expect(await written(id)).toEqual(before)

    const [fresh] = await readInScope(t.database.db, article, scope, [id], { lock: false, latest: true })
    await execOn(t.database.db, 'transition_write', TRANSITION_WRITE, approval(fresh!))
    expect(await written(id)).toEqual({
      state: 1,
      logs: before.logs + 1,
      published: before.published + 1,
      audits: before.audits + 1,
    })
  })

  // client.ts preparedPools: named statements outside a transaction are planned once (an approval's read and write
  // would otherwise be planned at every call); the ORM's queries and transactions keep plans made with their values.
  it.runIf(engine === 'postgres')(
    'plans named statements once, other queries with their values',
    async () => {
      const mode = "select current_setting('plan_cache_mode')"
      const setting = (rows: unknown[][]) => rows[0]![0]
      expect(setting(await t.database.rows('plan_mode', mode, []))).toBe('force_generic_plan')
      expect(setting(await execOn(t.database.db, 'plan_mode', mode, []))).toBe('force_generic_plan')
      const orm = (await t.database.db.execute(sql.raw(`${mode} as m`))) as unknown as {
        rows: { m: string }[]
      }
      expect(orm.rows[0]!.m).toBe('auto')
      const inTx = await t.database.db.transaction((tx) => execOn(tx as unknown as Db, 'plan_mode', mode, []))
      expect(setting(inTx)).toBe('auto')
    },
  )
})
