import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, content, contentCount, department, operationLog, role } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

/** A seeded PRNG (mulberry32): the random sequence is the same on every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const EDITOR = ['查看', '添加', '编辑', '删除', '提交审核']

describe.each(engines)('review workflow (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<
    | 'editor'
    | 'colleague'
    | 'chief'
    | 'outsider'
    | 'reviewer1'
    | 'reviewer2'
    | 'reviewerB'
    | 'rejectOnly'
    | 'viewer',
    Acct
  > = {} as never
  let deptA: number
  let deptB: number

  /** An account in `dept` holding `power`, seeing `scopeDept` and below ('' = unrestricted). */
  async function account(name: string, power: Record<string, string[]>, dept: number | null, scope: string) {
    const a = await grantedAccount(t, name, powerOf(power))
    const { db } = t.database
    await db.update(role).set({ permissionDepartment: scope }).where(eq(role.id, a.roleId))
    await db.update(admin).set({ departmentId: dept }).where(eq(admin.id, a.id))
    return a
  }

  const { post, get, draft } = contentCalls(() => t)
  const submit = (token: string, ids: number[]) =>
    post(token, '/api/content/examination', { kind: 'article', ids })
  const approve = (token: string, ids: number[]) =>
    post(token, '/api/verify-center/approved', { resType: 'article', ids })
  const reject = (token: string, ids: number[], reason: string) =>
    post(token, '/api/verify-center/rejection', { resType: 'article', ids, reason })
  const revert = (token: string, ids: number[]) => post(token, '/api/content/article/revert', { ids })
  const publishNow = (token: string, ids: number[]) =>
    post(token, '/api/content/publish/noExamine', { kind: 'article', ids })
  const withdraw = (token: string, ids: number[]) =>
    post(token, '/api/content/revoke/batch', { kind: 'article', ids })
  const queue = (token: string, query = 'type=list') => get(token, `/api/verify-center/article?${query}`)
  const pendingCounts = async (token: string) => (await get(token, '/api/verify-center/pendingCounts')).body
  const log = (token: string, id: number) => get(token, `/api/process/resource/log?resId=${id}`)
  async function item(id: number) {
    const [r] = await t.database.db.select().from(content).where(eq(content.id, id))
    return r!
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const { db } = t.database
    const [a] = await db.insert(department).values({ name: '新闻部' }).returning()
    const [b] = await db.insert(department).values({ name: '财经部' }).returning()
    deptA = a!.id
    deptB = b!.id
    const A = String(deptA)
    const B = String(deptB)
    acct.editor = await account('editor1', { '内容-文章': EDITOR }, deptA, A)
    acct.colleague = await account('editor2', { '内容-文章': EDITOR }, deptA, A)
    acct.chief = await account('chief', { '内容-文章': ['查看', '撤销审核', '免审发布'] }, deptA, A)
    acct.outsider = await account('outsider', { '内容-文章': EDITOR }, deptB, B)
    acct.reviewer1 = await account('reviewer1', { 文章审核: ['查看', '审核'] }, null, '')
    acct.reviewer2 = await account('reviewer2', { 文章审核: ['查看', '审核'] }, null, '')
    acct.reviewerB = await account('reviewerB', { 文章审核: ['查看', '审核'] }, deptB, B)
    acct.rejectOnly = await account('rejectonly', { 文章审核: ['驳回原因'] }, null, '')
    acct.viewer = await account('viewer', { '内容-文章': ['查看'] }, deptA, A)
  }, 60_000)
  afterAll(() => t?.close())

  it('submit raises the pending count; approval publishes; both are logged', async () => {
    const before = await pendingCounts(acct.reviewer1.token)
    expect(before.code).toBe(0)
    const id = await draft(acct.editor.token, '待审稿件')
    expect((await submit(acct.editor.token, [id])).body).toMatchObject({ code: 0, data: { updated: 1 } })
    const pending = await item(id)
    expect(pending).toMatchObject({ verifyState: 3, processType: 'PENDING', submittedBy: acct.editor.id })
    expect(pending.processStateId).toBeNull()
    const after = await pendingCounts(acct.reviewer1.token)
    expect(after.data.counts['/articleAudit']).toBe(before.data.counts['/articleAudit'] + 1)
    expect(after.data.total).toBe(before.data.total + 1)
    // The per-queue count call of spec §7: page 1, pageSize 1, data.total.
    const one = await queue(acct.reviewer1.token, 'type=list&page=1&pageSize=1')
    expect(one.body.data.total).toBe(after.data.counts['/articleAudit'])
    const listed = (await queue(acct.reviewer1.token)).body.data.items
    expect(listed[0]).toMatchObject({
      id,
      title: '待审稿件',
      creatorName: 'editor1',
      submitterName: 'editor1',
    })
    expect(listed[0].submittedAt).toBeTruthy()
    // Submitting again is refused: it is no longer a draft.
    expect((await submit(acct.editor.token, [id])).res.statusCode).toBe(409)

    expect((await approve(acct.reviewer1.token, [id])).body).toMatchObject({ code: 0, data: { updated: 1 } })
    const done = await item(id)
    expect(done).toMatchObject({ verifyState: 1, processType: 'PASS', processStateId: null })
    expect(done.publishedAt).not.toBeNull()
    expect((await pendingCounts(acct.reviewer1.token)).data.counts['/articleAudit']).toBe(
      before.data.counts['/articleAudit'],
    )
    const entries = (await log(acct.editor.token, id)).body.data.items
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['submit', 'pass'])
    expect(entries[1]).toMatchObject({ actorId: acct.reviewer1.id, actorName: 'reviewer1' })
    // My audit records (type=wait) list the decision.
    const wait = (await queue(acct.reviewer1.token, 'type=wait')).body.data
    expect(wait.items[0]).toMatchObject({ id, action: 'pass', verifyState: 1 })
    // The operation log names the target.
    const ops = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, '审核通过'), eq(operationLog.target, `content:${id}`)))
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({ page: '文章审核', result: 'success' })
  })

  it('reject needs a reason, returns the item to the editor with the reason in its log, resubmit works', async () => {
    const id = await draft(acct.editor.token, '会被驳回')
    await submit(acct.editor.token, [id])
    expect((await reject(acct.reviewer1.token, [id], '   ')).res.statusCode).toBe(422)
    expect((await reject(acct.reviewer1.token, [id], '长'.repeat(201))).res.statusCode).toBe(422)
    expect(
      (await post(acct.reviewer1.token, '/api/verify-center/rejection', { resType: 'article', ids: [id] }))
        .res.statusCode,
    ).toBe(422)
    expect((await item(id)).verifyState).toBe(3)
    // 驳回原因 alone grants 审核 (spec §6).
    expect((await reject(acct.rejectOnly.token, [id], '标题不规范')).body.code).toBe(0)
    expect(await item(id)).toMatchObject({ verifyState: 2, processType: 'REJECT' })
    const entries = (await log(acct.editor.token, id)).body.data.items
    expect(entries.at(-1)).toMatchObject({ action: 'reject', comment: '标题不规范', actorName: 'rejectonly' })
    // The list rows carry the reason while the item stays rejected: the prepared page and the filtered one.
    const listed = async (query: string) =>
      (await get(acct.editor.token, `/api/content/list?kind=article&${query}`)).body.data.items.find(
        (r: { id: number }) => r.id === id,
      )
    for (const query of ['type=article', 'type=article&title=会被驳回', 'type=article&createdBy=editor1'])
      expect(await listed(query), query).toMatchObject({ verifyState: 2, rejectReason: '标题不规范' })
    // A rejected item is not pending: cannot be approved.
    expect((await approve(acct.reviewer1.token, [id])).res.statusCode).toBe(409)
    expect((await submit(acct.editor.token, [id])).body.code).toBe(0)
    expect((await item(id)).verifyState).toBe(3)
    expect(await listed('type=article')).toMatchObject({ verifyState: 3, rejectReason: null })
    await approve(acct.reviewer1.token, [id])
  })

  it('审核记录 pair each decision with the version and submission it decided on', async () => {
    const id = await draft(acct.editor.token, '初稿标题')
    await submit(acct.editor.token, [id])
    expect((await reject(acct.reviewer2.token, [id], '标题不准确')).body.code).toBe(0)
    const edit = await post(acct.editor.token, '/api/content/modify', {
      kind: 'article',
      id,
      title: '改后标题',
    })
    expect(edit.body.code, edit.body.msg).toBe(0)
    expect((await submit(acct.colleague.token, [id])).body.code).toBe(0)
    expect((await approve(acct.reviewer2.token, [id])).body.code).toBe(0)

    const entries = (await log(acct.editor.token, id)).body.data.items
    const [first, second] = entries.filter((e: { action: string }) => e.action === 'submit')
    const mine = (await queue(acct.reviewer2.token, 'type=wait')).body.data.items.filter(
      (r: { id: number }) => r.id === id,
    )
    // Newest first: the approval, then the rejection.
    expect(mine.map((r: { action: string }) => r.action)).toEqual(['pass', 'reject'])
    const [pass, rejected] = mine
    expect(rejected).toMatchObject({
      title: '初稿标题',
      submittedAt: first.createdAt,
      submittedBy: acct.editor.id,
      submitterName: 'editor1',
      comment: '标题不准确',
    })
    expect(Date.parse(rejected.submittedAt)).toBeLessThanOrEqual(Date.parse(rejected.decidedAt))
    expect(pass).toMatchObject({
      title: '改后标题',
      submittedAt: second.createdAt,
      submittedBy: acct.colleague.id,
      submitterName: 'editor2',
    })
    expect(Date.parse(pass.submittedAt)).toBeGreaterThan(Date.parse(rejected.decidedAt))
  })

  it('a two-node process: node 1 approval moves to node 2; only the node members act', async () => {
    const s = superToken
    const p = await post(s, '/api/process/create', { name: '两级审核', description: '初审+终审' })
    expect(p.body.code).toBe(0)
    const processId = p.body.data.id
    const n1 = await post(s, '/api/process/state/create', {
      processId,
      name: '初审',
      roleIds: [acct.reviewer1.roleId],
    })
    const n2 = await post(s, '/api/process/state/create', {
      processId,
      name: '终审',
      adminIds: [acct.reviewer2.id],
    })
    expect(n1.body.code).toBe(0)
    const nodes = (await get(s, `/api/process/state/list?processId=${processId}`)).body.data.items
    expect(nodes.map((n: { name: string; sort: number }) => [n.name, n.sort])).toEqual([
      ['初审', 0],
      ['终审', 1],
    ])
    expect((await post(s, '/api/process/setting', { resType: 'article', processId })).body.code).toBe(0)
    const settings = (await get(s, '/api/process/setting/list')).body.data.items
    expect(settings).toContainEqual(
      expect.objectContaining({
        resType: 'article',
        queue: '/articleAudit',
        processId,
        processName: '两级审核',
      }),
    )

    const r1Before = (await pendingCounts(acct.reviewer1.token)).data.counts['/articleAudit']
    const r2Before = (await pendingCounts(acct.reviewer2.token)).data.counts['/articleAudit']
    const id = await draft(acct.editor.token, '两级稿件')
    await submit(acct.editor.token, [id])
    expect((await item(id)).processStateId).toBe(n1.body.data.id)
    expect((await pendingCounts(acct.reviewer1.token)).data.counts['/articleAudit']).toBe(r1Before + 1)
    expect((await pendingCounts(acct.reviewer2.token)).data.counts['/articleAudit']).toBe(r2Before)
    const l1 = (await queue(acct.reviewer1.token)).body.data
    expect(l1.items.find((i: { id: number }) => i.id === id)).toMatchObject({ stateName: '初审' })
    expect(l1.total).toBe(r1Before + 1)
    expect((await queue(acct.reviewer2.token)).body.data.items.some((i: { id: number }) => i.id === id)).toBe(
      false,
    )
    // Not node 1's: refused, nothing changes.
    const wrong = await approve(acct.reviewer2.token, [id])
    expect(wrong.res.statusCode).toBe(403)
    expect((await reject(acct.reviewer2.token, [id], '不行')).res.statusCode).toBe(403)
    expect((await item(id)).processStateId).toBe(n1.body.data.id)

    expect((await approve(acct.reviewer1.token, [id])).body.code).toBe(0)
    expect(await item(id)).toMatchObject({
      verifyState: 3,
      processType: 'PENDING',
      processStateId: n2.body.data.id,
    })
    expect((await pendingCounts(acct.reviewer1.token)).data.counts['/articleAudit']).toBe(r1Before)
    expect((await pendingCounts(acct.reviewer2.token)).data.counts['/articleAudit']).toBe(r2Before + 1)
    expect((await approve(acct.reviewer1.token, [id])).res.statusCode).toBe(403)
    // Library guards: a process in use and a node with items waiting cannot be deleted.
    expect((await post(s, '/api/process/delete', { id: processId })).res.statusCode).toBe(409)
    expect((await post(s, '/api/process/state/delete', { id: n2.body.data.id })).res.statusCode).toBe(409)

    expect((await approve(acct.reviewer2.token, [id])).body.code).toBe(0)
    expect(await item(id)).toMatchObject({ verifyState: 1, processType: 'PASS', processStateId: null })
    const entries = (await log(acct.reviewer2.token, id)).body.data.items
    expect(entries.map((e: { action: string; stateName: string }) => [e.action, e.stateName])).toEqual([
      ['submit', '初审'],
      ['pass', '初审'],
      ['pass', '终审'],
    ])
    // Back to the implicit single node; the process can then be deleted.
    expect((await post(s, '/api/process/setting', { resType: 'article', processId: null })).body.code).toBe(0)
    expect((await get(s, '/api/process/list')).body.data.items[0]).toMatchObject({
      id: processId,
      resTypes: [],
      stateCount: 2,
    })
    expect((await post(s, '/api/process/delete', { id: processId })).body.code).toBe(0)
    expect((await get(s, `/api/process/state/list?processId=${processId}`)).body.data.total).toBe(0)
  })

  it('revert: by the submitter, or with 撤销审核; nobody else', async () => {
    const id = await draft(acct.editor.token, '撤回审核')
    await submit(acct.editor.token, [id])
    expect((await revert(acct.colleague.token, [id])).res.statusCode).toBe(403)
    expect((await item(id)).verifyState).toBe(3)
    expect((await revert(acct.editor.token, [id])).body.code).toBe(0)
    expect(await item(id)).toMatchObject({ verifyState: 0, processType: null })
    expect((await revert(acct.editor.token, [id])).res.statusCode).toBe(409)
    await submit(acct.editor.token, [id])
    expect((await revert(acct.chief.token, [id])).body.code).toBe(0)
    expect((await item(id)).verifyState).toBe(0)
    const actions = (await log(acct.editor.token, id)).body.data.items.map(
      (e: { action: string }) => e.action,
    )
    expect(actions).toEqual(['submit', 'revoke', 'submit', 'revoke'])
  })

  it('publish without review needs 免审发布; withdraw takes a published item down', async () => {
    const id = await draft(acct.editor.token, '免审发布')
    expect((await publishNow(acct.editor.token, [id])).res.statusCode).toBe(403)
    expect((await item(id)).verifyState).toBe(0)
    expect((await publishNow(acct.chief.token, [id])).body.code).toBe(0)
    const published = await item(id)
    expect(published).toMatchObject({ verifyState: 1, processType: 'PASS' })
    expect(published.publishedAt).not.toBeNull()
    expect((await publishNow(acct.chief.token, [id])).res.statusCode).toBe(409)
    // Withdraw: 撤销审核 needed; only published items.
    expect((await withdraw(acct.editor.token, [id])).res.statusCode).toBe(403)
    expect((await withdraw(acct.chief.token, [id])).body.code).toBe(0)
    expect(await item(id)).toMatchObject({ verifyState: 0, processType: 'WITHDRAW', publishedAt: null })
    expect((await withdraw(acct.chief.token, [id])).res.statusCode).toBe(409)
    const actions = (await log(acct.chief.token, id)).body.data.items.map((e: { action: string }) => e.action)
    expect(actions).toEqual(['publish', 'withdraw'])
  })

  it('batched pending counts list only the queues the caller may review', async () => {
    expect((await pendingCounts(acct.viewer.token)).data).toEqual({ counts: {}, total: 0 })
    expect((await pendingCounts(acct.editor.token)).data).toEqual({ counts: {}, total: 0 })
    const r = (await pendingCounts(acct.rejectOnly.token)).data
    expect(Object.keys(r.counts)).toEqual(['/articleAudit'])
    expect(r.total).toBe(r.counts['/articleAudit'])
    // The item log needs 查看 on a content page or 审核 on a queue.
    const other = await account('procadmin', { '系统-审核流程': ['查看'] }, deptA, String(deptA))
    const id = await draft(acct.editor.token, '日志权限')
    expect((await log(other.token, id)).res.statusCode).toBe(403)
    expect((await log(acct.viewer.token, id)).body.code).toBe(0)
    expect((await log(acct.rejectOnly.token, id)).body.code).toBe(0)
    // And the queue itself refuses those without 审核.
    expect((await queue(acct.viewer.token)).res.statusCode).toBe(403)
    expect((await approve(acct.editor.token, [1])).res.statusCode).toBe(403)
  })

  it('respects data scope: items outside it are 404 and absent from queues and counts', async () => {
    const id = await draft(acct.editor.token, '新闻部稿件')
    expect((await submit(acct.outsider.token, [id])).res.statusCode).toBe(404)
    await submit(acct.editor.token, [id])
    const countB = (await pendingCounts(acct.reviewerB.token)).data.counts['/articleAudit']
    const listB = (await queue(acct.reviewerB.token, 'pageSize=100')).body.data
    expect(listB.items.some((i: { id: number }) => i.id === id)).toBe(false)
    expect(listB.total).toBe(countB)
    expect(listB.items).toHaveLength(countB)
    expect((await approve(acct.reviewerB.token, [id])).res.statusCode).toBe(404)
    expect((await reject(acct.reviewerB.token, [id], '越权')).res.statusCode).toBe(404)
    expect((await log(acct.outsider.token, id)).res.statusCode).toBe(404)
    expect((await item(id)).verifyState).toBe(3)
    // A batch with one item outside the scope changes nothing.
    const own = await draft(acct.outsider.token, '财经部稿件')
    await submit(acct.outsider.token, [own])
    expect((await pendingCounts(acct.reviewerB.token)).data.counts['/articleAudit']).toBe(countB + 1)
    expect((await approve(acct.reviewerB.token, [own, id])).res.statusCode).toBe(404)
    expect((await item(own)).verifyState).toBe(3)
    expect((await approve(acct.reviewerB.token, [own])).body.code).toBe(0)
    await approve(acct.reviewer1.token, [id])
  })

  it('rejects unknown body fields and unknown review types', async () => {
    const id = await draft(acct.editor.token, '字段校验')
    const extra = await post(acct.editor.token, '/api/content/examination', {
      kind: 'article',
      ids: [id],
      verifyState: 1,
    })
    expect(extra.res.statusCode).toBe(422)
    expect(extra.body.msg).toMatch(/verifyState/)
    const extra2 = await post(acct.reviewer1.token, '/api/verify-center/rejection', {
      resType: 'article',
      ids: [id],
      reason: 'x',
      processStateId: 1,
    })
    expect(extra2.res.statusCode).toBe(422)
    expect(
      (await post(superToken, '/api/verify-center/approved', { resType: 'nope', ids: [id] })).res.statusCode,
    ).toBe(400)
    expect(
      (await post(superToken, '/api/process/setting', { resType: 'nope', processId: null })).res.statusCode,
    ).toBe(400)
    expect((await item(id)).verifyState).toBe(0)
  })

  it('concurrent decisions on one item: exactly one wins, the other sees it is no longer pending', async () => {
    const id = await draft(acct.editor.token, '并发审核')
    await submit(acct.editor.token, [id])
    const before = (await pendingCounts(superToken)).data.total
    const results = await Promise.all([
      approve(acct.reviewer1.token, [id]),
      reject(acct.reviewer2.token, [id], '并发'),
      approve(superToken, [id]),
    ])
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1)
    for (const r of results.filter((x) => x.body.code !== 0)) expect(r.res.statusCode).toBe(409)
    expect((await pendingCounts(superToken)).data.total).toBe(before - 1)
    const decisions = (await log(acct.editor.token, id)).body.data.items.filter(
      (e: { action: string }) => e.action !== 'submit',
    )
    expect(decisions).toHaveLength(1)
  })

  it('a decision that meets a concurrent change on every try gives up after three: 409, nothing written', async () => {
    const id = await draft(acct.editor.token, '一直被改')
    await submit(acct.editor.token, [id])
    const { db } = t.database
    const before = await item(id)
    // Each write of this item fails as transition_guard fails it when the item changed since it was read
    // (SQLSTATE 40001); the sequence counts the tries, since a failed statement takes its own inserts with it.
    await db.execute(sql.raw('create sequence stale_tries'))
    await db.execute(
      sql.raw(`create function always_stale() returns trigger language plpgsql as $$
        begin perform nextval('stale_tries'); raise exception 'changed meanwhile' using errcode = '40001'; end $$`),
    )
    await db.execute(
      sql.raw(`create trigger always_stale before update on content for each row
        when (old.id = ${id}) execute function always_stale()`),
    )
    try {
      const r = await approve(superToken, [id])
      expect(r.res.statusCode).toBe(409)
      expect(r.body.msg).toBe('内容正被他人同时处理，请刷新后重试')
      const tries = await db.execute(sql.raw('select last_value::int as n from stale_tries'))
      expect((tries as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3)
      expect(await item(id)).toEqual(before)
      const entries = (await log(acct.editor.token, id)).body.data.items
      expect(entries.map((e: { action: string }) => e.action)).toEqual(['submit'])
      const ops = await db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.action, '审核通过'), eq(operationLog.target, `content:${id}`)))
      expect(ops.map((o) => o.result)).not.toContain('success')
    } finally {
      await db.execute(sql.raw('drop trigger always_stale on content'))
      await db.execute(sql.raw('drop function always_stale'))
      await db.execute(sql.raw('drop sequence stale_tries'))
    }
    // Once nothing interferes, the same call goes through.
    expect((await approve(superToken, [id])).body.code).toBe(0)
    expect((await item(id)).verifyState).toBe(1)
  })

  it('counters equal count(*) after a random sequence including review transitions', async () => {
    const { db } = t.database
    // A two-node process for part of the run, so items wait at nodes.
    const p = await post(superToken, '/api/process/create', { name: '随机流程' })
    const processId = p.body.data.id
    await post(superToken, '/api/process/state/create', {
      processId,
      name: 'A',
      roleIds: [acct.reviewer1.roleId],
    })
    await post(superToken, '/api/process/state/create', {
      processId,
      name: 'B',
      adminIds: [acct.reviewer2.id],
    })
    const rand = prng(20261123)
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!
    const editors = [acct.editor, acct.colleague, acct.outsider]
    const reviewers = [
      acct.reviewer1,
      acct.reviewer2,
      acct.reviewerB,
      { id: 1, token: superToken, roleId: 1 },
    ]
    const ids: number[] = []
    let changed = 0
    for (let step = 0; step < 120; step++) {
      if (step === 40) await post(superToken, '/api/process/setting', { resType: 'article', processId })
      const op = rand()
      const ed = pick(editors)
      // Mostly an item in the state the operation expects (read from the table), sometimes any item.
      const inState = async (states: number[]) => {
        if (rand() < 0.2) return pick(ids)
        const rows = await db
          .select({ id: content.id, v: content.verifyState })
          .from(content)
          .where(and(eq(content.kind, 'article'), sql`${content.id} in ${ids}`))
        const fit = rows.filter((x) => states.includes(x.v)).map((x) => x.id)
        return fit.length ? pick(fit) : pick(ids)
      }
      let r: Awaited<ReturnType<typeof post>> | undefined
      if (op < 0.2 || !ids.length) {
        ids.push(await draft(ed.token, `随机${step}`))
        continue
      }
      if (op < 0.35) r = await submit(ed.token, [await inState([0, 2])])
      else if (op < 0.5) r = await approve(pick(reviewers).token, [await inState([3])])
      else if (op < 0.6) r = await reject(pick(reviewers).token, [await inState([3])], '随机驳回')
      else if (op < 0.67) r = await revert(pick([ed, acct.chief]).token, [await inState([3])])
      else if (op < 0.74) r = await publishNow(acct.chief.token, [await inState([0, 2, 3])])
      else if (op < 0.8) r = await withdraw(acct.chief.token, [await inState([1])])
      else if (op < 0.9) r = await post(ed.token, '/api/content/article/delete', { ids: [pick(ids)] })
      else r = await post(superToken, '/api/content/restore', { kind: 'article', ids: [pick(ids)] })
      if (r.body.code === 0) changed++
      else expect([400, 403, 404, 409], r.body.msg).toContain(r.res.statusCode)
    }
    expect(changed).toBeGreaterThan(30)
    // A deterministic tail, so items wait at both nodes when the totals are compared.
    const tail = [
      await draft(acct.editor.token, '尾1'),
      await draft(acct.editor.token, '尾2'),
      await draft(acct.outsider.token, '尾3'),
    ]
    expect((await submit(acct.editor.token, tail.slice(0, 2))).body.code).toBe(0)
    expect((await submit(acct.outsider.token, tail.slice(2))).body.code).toBe(0)
    expect((await approve(acct.reviewer1.token, [tail[0]!])).body.code).toBe(0)
    const rows = async (where: ReturnType<typeof sql>) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(content)
          .where(and(eq(content.kind, 'article'), where))
      )[0]!.n
    const nums = (await get(superToken, '/api/content/nums?kind=article')).body.data
    expect(nums.article).toBe(await rows(sql`recycled_at is null and verify_state <> 0`))
    expect(nums.draft).toBe(await rows(sql`recycled_at is null and verify_state = 0`))
    expect(nums.recycle).toBe(await rows(sql`recycled_at is not null`))
    const pendingLive = await rows(sql`recycled_at is null and verify_state = 3`)
    expect(pendingLive).toBeGreaterThan(0)
    expect((await pendingCounts(superToken)).data.counts['/articleAudit']).toBe(pendingLive)
    for (const rv of reviewers) {
      const c = (await pendingCounts(rv.token)).data.counts['/articleAudit']
      const l = (await queue(rv.token, 'pageSize=100')).body.data
      expect(l.total, `reviewer ${rv.id}`).toBe(c)
      expect(l.items, `reviewer ${rv.id}`).toHaveLength(c)
    }
    // reviewer1 acts at node A (its role) and the implicit node only; reviewer2 at node B only.
    const names = async (a: Acct) =>
      new Set(
        (await queue(a.token, 'pageSize=100')).body.data.items.map((i: { stateName: string }) => i.stateName),
      )
    const seen1 = await names(acct.reviewer1)
    const seen2 = await names(acct.reviewer2)
    expect(seen1.has('A') && seen2.has('B')).toBe(true)
    for (const n of seen1) expect(['', 'A']).toContain(n)
    for (const n of seen2) expect(['', 'B']).toContain(n)
    expect(await names({ ...acct.reviewer1, token: superToken })).toEqual(new Set([...seen1, ...seen2]))
    // Counters never go negative: one stripe may (an item counted in one and decremented in another), their sum not.
    const c = contentCount
    const negative = await db
      .select({ kind: c.kind, n: sql<number>`sum(${c.n})::int` })
      .from(c)
      .groupBy(c.kind, c.departmentId, c.createdBy, c.recycled, c.verifyState, c.isFirst)
      .having(sql`sum(${c.n}) < 0`)
    expect(negative).toEqual([])
    await post(superToken, '/api/process/setting', { resType: 'article', processId: null })
  }, 180_000)
})
