import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, content, department, operationLog, role } from '../src/db/schema.ts'
import { applyCounts } from '../src/engine/contentCounters.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

const ALL_ARTICLE = [
  '查看',
  '添加',
  '编辑',
  '删除',
  '显示/隐藏',
  '回收站',
  '提交审核',
  '撤销审核',
  '免审发布',
]
const TABS = ['article', 'first', 'draft', 'recycle'] as const

/** A seeded PRNG (mulberry32): the random sequence is the same on every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe.each(engines)('content engine (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  const acct: Record<
    'editor' | 'colleague' | 'outsider' | 'viewer' | 'noBin',
    { id: number; token: string }
  > = {} as never
  let deptA: number
  let deptB: number

  /** An account in `dept` whose role holds `actions` of 内容-文章 and sees `scopeDept` (and below). */
  async function account(name: string, actions: string[], dept: number, scopeDept: number) {
    const a = await grantedAccount(t, name, powerOf({ '内容-文章': actions }))
    const { db } = t.database
    const [row] = await db.select({ roleId: admin.roleId }).from(admin).where(eq(admin.id, a.id))
    await db
      .update(role)
      .set({ permissionDepartment: String(scopeDept) })
      .where(eq(role.id, row!.roleId!))
    await db.update(admin).set({ departmentId: dept }).where(eq(admin.id, a.id))
    return a
  }

  const add = (token: string, fields: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/content/add', { token, body: { kind: 'article', ...fields } })
  const list = (token: string, query: string) =>
    call(t.app, 'GET', `/api/content/list?kind=article&${query}`, { token })
  const nums = (token: string) => call(t.app, 'GET', '/api/content/nums?kind=article', { token })
  const del = (token: string, ids: number[]) =>
    call(t.app, 'POST', '/api/content/article/delete', { token, body: { ids } })
  const restore = (token: string, ids: number[]) =>
    call(t.app, 'POST', '/api/content/restore', { token, body: { kind: 'article', ids } })
  const detail = (token: string, id: number) =>
    call(t.app, 'GET', `/api/content/detail?kind=article&id=${id}`, { token })

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const { db } = t.database
    const [a] = await db.insert(department).values({ name: '新闻部' }).returning()
    const [b] = await db.insert(department).values({ name: '财经部' }).returning()
    deptA = a!.id
    deptB = b!.id
    acct.editor = await account('editor1', ALL_ARTICLE, deptA, deptA)
    acct.colleague = await account('editor2', ALL_ARTICLE, deptA, deptA)
    acct.outsider = await account('outsider', ALL_ARTICLE, deptB, deptB)
    acct.viewer = await account('viewer', ['查看'], deptA, deptA)
    acct.noBin = await account('nobin', ['查看', '添加', '编辑', '删除'], deptA, deptA)
  }, 60_000)
  afterAll(() => t?.close())

  it('a prepared page writes the items as the per-request query does, with the list columns kept in extra', async () => {
    const video = (fields: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/content/add', {
        token: superToken,
        body: { kind: 'video', videoUrl: 'https://media.example.com/a.mp4', ...fields },
      })
    // Text that JSON must escape, a value kept in extra, and one left out (null in the list).
    for (const fields of [
      { title: '引号"与\\反斜杠\t制表', duration: 95 },
      { title: '无时长的视频' },
      { title: '</script>&<b>', duration: 0, isFirst: true },
    ]) {
      const added = await video(fields)
      expect(added.body.code, added.body.msg).toBe(0)
    }
    const page = async (query: string) =>
      (await call(t.app, 'GET', `/api/content/list?kind=video&type=draft&${query}`, { token: superToken }))
        .body
    const prepared = await page('pageSize=10')
    const built = await page('pageSize=10&startTime=2000-01-01T00:00:00.000Z')
    expect(prepared.code).toBe(0)
    expect(prepared.data.total).toBe(3)
    expect(prepared).toEqual(built)
    expect(
      prepared.data.items.map((i: { title: string; duration: number | null }) => [i.title, i.duration]),
    ).toEqual([
      ['</script>&<b>', 0],
      ['无时长的视频', null],
      ['引号"与\\反斜杠\t制表', 95],
    ])
    expect(prepared.data.items[0].previewUrl).toMatch(/^\/preview\/content\/\d+\?expires=\d+&sig=/)
  })

  it('creates, lists per tab, shows, modifies, hides, recycles, restores and deletes for ever', async () => {
    const tok = acct.editor.token
    const created = await add(tok, {
      title: '春运首日客流',
      body: '<p onclick="x()">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
      author: '记者甲',
      tags: [3, 5],
      operateViewNum: '120',
      displayStart: '2026-01-01T00:00:00.000Z',
      displayEnd: '2026-02-01T00:00:00.000Z',
    })
    expect(created.body.code, created.body.msg).toBe(0)
    const id = created.body.data.id as number

    const d = await detail(tok, id)
    expect(d.body.code).toBe(0)
    expect(d.body.data.fields.body).toBe('<p>正文<a>链接</a></p>')
    expect(d.body.data.fields).toMatchObject({
      title: '春运首日客流',
      author: '记者甲',
      tags: [3, 5],
      showState: true,
    })
    expect(d.body.data).toMatchObject({
      verifyState: 0,
      operateViewNum: 120,
      creatorName: 'editor1',
      departmentId: deptA,
    })
    expect(d.body.data.displayStart).toBe('2026-01-01T00:00:00.000Z')

    // A new item is a draft: 草稿箱 only.
    expect((await list(tok, 'type=draft')).body.data.items.map((i: { id: number }) => i.id)).toEqual([id])
    expect((await list(tok, 'type=article')).body.data.total).toBe(0)
    expect((await nums(tok)).body.data).toEqual({ article: 0, first: 0, draft: 1, recycle: 0 })

    const mod = await call(t.app, 'POST', '/api/content/modify', {
      token: tok,
      body: { kind: 'article', id, ...d.body.data.fields, title: '春运首日客流（更新）', isFirst: true },
    })
    expect(mod.body.code, mod.body.msg).toBe(0)
    const d2 = await detail(tok, id)
    expect(d2.body.data).toMatchObject({ title: '春运首日客流（更新）', isFirst: true })
    expect(d2.body.data.fields.author).toBe('记者甲')

    const hide = await call(t.app, 'POST', '/api/content/showState', {
      token: tok,
      body: { kind: 'article', ids: [id], showState: false },
    })
    expect(hide.body.code).toBe(0)
    expect((await detail(tok, id)).body.data.showState).toBe(false)

    expect((await del(tok, [id])).body.data).toEqual({ recycled: 1, deleted: 0 })
    expect((await list(tok, 'type=recycle')).body.data.items.map((i: { id: number }) => i.id)).toEqual([id])
    expect((await list(tok, 'type=draft')).body.data.total).toBe(0)
    // A recycled item cannot be edited until restored.
    const blocked = await call(t.app, 'POST', '/api/content/modify', {
      token: tok,
      body: { kind: 'article', id, title: 'x' },
    })
    expect(blocked.res.statusCode).toBe(409)
    expect((await restore(tok, [id])).body.data).toEqual({ restored: 1 })
    expect((await nums(tok)).body.data).toEqual({ article: 0, first: 0, draft: 1, recycle: 0 })
    expect((await restore(tok, [id])).res.statusCode).toBe(400)

    await del(tok, [id])
    expect((await del(tok, [id])).body.data).toEqual({ recycled: 0, deleted: 1 })
    expect((await detail(tok, id)).res.statusCode).toBe(404)
    expect((await nums(tok)).body.data).toEqual({ article: 0, first: 0, draft: 0, recycle: 0 })

    // Every write is in the operation log under the article page with its target.
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.target, `content:${id}`))
    expect(logs.map((l) => l.action).sort()).toEqual(
      [
        '新增内容',
        '编辑内容',
        '显示/隐藏内容',
        '删除文章',
        '编辑内容',
        '恢复内容',
        '恢复内容',
        '删除文章',
        '删除文章',
      ].sort(),
    )
    expect(new Set(logs.map((l) => l.page))).toEqual(new Set(['内容-文章']))
  })

  it('validates fields from the definition: required, limits, counts, display window, unknown fields', async () => {
    const tok = acct.editor.token
    const noTitle = await add(tok, { title: '  ' })
    expect(noTitle.res.statusCode).toBe(422)
    expect(noTitle.body.msg).toBe('请输入标题')
    expect((await add(tok, { title: 'x'.repeat(101) })).res.statusCode).toBe(422)
    const badCount = await add(tok, { title: '计数', operateViewNum: -1 })
    expect(badCount.body.msg).toBe('运营阅读数填写有误')
    expect((await add(tok, { title: '计数', operateLikeNum: '1.5' })).body.msg).toBe('运营点赞数填写有误')
    const window = await add(tok, {
      title: '窗口',
      displayStart: '2026-02-01T00:00:00.000Z',
      displayEnd: '2026-01-01T00:00:00.000Z',
    })
    expect(window.res.statusCode).toBe(400)
    expect(window.body.msg).toBe('展示结束时间不能早于开始时间')
    const extra = await add(tok, { title: '越权', createdBy: 1, verifyState: 1 })
    expect(extra.res.statusCode).toBe(422)
    expect(extra.body.msg).toMatch(/createdBy/)
    expect((await add(tok, { title: '封面', cover: 'javascript:alert(1)' })).res.statusCode).toBe(422)
    const unknownKind = await call(t.app, 'POST', '/api/content/add', {
      token: tok,
      body: { kind: 'nope', title: 'x' },
    })
    expect(unknownKind.res.statusCode).toBe(400)
    expect((await list(tok, 'type=nope')).res.statusCode).toBe(400)
    expect((await list(tok, 'pageSize=101')).res.statusCode).toBe(422)
  })

  it('counts the 正文 limit (500000) in characters a reader sees, not markup (decision 0035)', async () => {
    const tok = acct.editor.token
    // 450 000 visible characters in 660 000 characters of HTML: within the limit, though the markup is over it.
    const formatted = `<p>${'<b>abcdefghijklmno</b>'.repeat(30_000)}</p>`
    const saved = await add(tok, { title: '长正文', body: formatted })
    expect(saved.res.statusCode).toBe(200)
    const stored = await detail(tok, saved.body.data.id as number)
    expect(stored.body.data.fields.body).toBe(formatted)
    // One visible character past the limit is refused, with the form's message.
    const over = await add(tok, { title: '超长正文', body: `${formatted}<p>${'x'.repeat(50_001)}</p>` })
    expect(over.res.statusCode).toBe(422)
    expect(over.body.msg).toBe('正文过长')
  })

  it('keeps items of other departments out of reach: empty lists and 404 by id', async () => {
    const mine = (await add(acct.editor.token, { title: '部门内稿件' })).body.data.id as number
    const out = acct.outsider.token
    expect((await list(out, 'type=draft')).body.data).toEqual({ items: [], total: 0 })
    expect((await nums(out)).body.data.draft).toBe(0)
    expect((await detail(out, mine)).res.statusCode).toBe(404)
    expect((await del(out, [mine])).res.statusCode).toBe(404)
    const mod = await call(t.app, 'POST', '/api/content/modify', {
      token: out,
      body: { kind: 'article', id: mine, title: '篡改' },
    })
    expect(mod.res.statusCode).toBe(404)
    const show = await call(t.app, 'POST', '/api/content/showState', {
      token: out,
      body: { kind: 'article', ids: [mine], showState: false },
    })
    expect(show.res.statusCode).toBe(404)
    expect(
      (await call(t.app, 'GET', `/api/content/article/lock?id=${mine}`, { token: out })).res.statusCode,
    ).toBe(404)
    // The same department and the super administrator see it.
    expect((await detail(acct.colleague.token, mine)).body.code).toBe(0)
    expect((await detail(superToken, mine)).body.code).toBe(0)
    expect((await detail(acct.editor.token, mine)).body.data.title).toBe('部门内稿件')
    // A batch with one id out of scope changes nothing.
    const outsiders = (await add(out, { title: '财经稿件' })).body.data.id as number
    expect((await del(acct.editor.token, [mine, outsiders])).res.statusCode).toBe(404)
    expect((await detail(acct.editor.token, mine)).body.data.recycledAt).toBeNull()
  })

  it('refuses actions the role lacks', async () => {
    const id = (await add(acct.editor.token, { title: '权限测试' })).body.data.id as number
    const v = acct.viewer.token
    expect((await list(v, 'type=draft')).body.code).toBe(0)
    expect((await add(v, { title: '无权新增' })).res.statusCode).toBe(403)
    expect((await del(v, [id])).res.statusCode).toBe(403)
    expect((await restore(v, [id])).res.statusCode).toBe(403)
    const show = await call(t.app, 'POST', '/api/content/showState', {
      token: v,
      body: { kind: 'article', ids: [id], showState: false },
    })
    expect(show.res.statusCode).toBe(403)
    // 删除 moves to the recycle bin; deleting for ever also needs 回收站.
    const nb = acct.noBin.token
    expect((await del(nb, [id])).body.data).toEqual({ recycled: 1, deleted: 0 })
    const forever = await del(nb, [id])
    expect(forever.res.statusCode).toBe(403)
    expect(forever.body.msg).toBe('没有回收站权限，不能彻底删除')
    expect((await detail(nb, id)).body.data.recycledAt).not.toBeNull()
    // Nor may they list the recycle bin or count it: the tab needs what its actions need (回收站).
    const bin = await list(nb, 'type=recycle')
    expect(bin.res.statusCode).toBe(403)
    expect(bin.body.msg).toBe('没有回收站权限，不能查看回收站')
    expect((await nums(nb)).body.data).toEqual({
      article: expect.any(Number),
      first: expect.any(Number),
      draft: expect.any(Number),
    })
    expect((await list(acct.editor.token, 'type=recycle')).body.code).toBe(0)
    expect(Object.keys((await nums(acct.editor.token)).body.data)).toContain('recycle')
    expect((await call(t.app, 'GET', '/api/content/list?type=draft', { token: v })).res.statusCode).toBe(400)
  })

  it('finds other items with the same title (duplicate-title check)', async () => {
    const a = (await add(acct.editor.token, { title: '重复标题' })).body.data.id as number
    const b = (await add(acct.colleague.token, { title: '重复标题' })).body.data.id as number
    await add(acct.outsider.token, { title: '重复标题' })
    const same = (id?: number) =>
      call(
        t.app,
        'GET',
        `/api/content/same?kind=article&title=${encodeURIComponent('重复标题')}${id ? `&id=${id}` : ''}`,
        {
          token: acct.editor.token,
        },
      )
    expect((await same(a)).body.data.items.map((i: { id: number }) => i.id)).toEqual([b])
    // What the confirm dialog lists of each: title, type, state and creator.
    expect((await same(a)).body.data.items[0]).toMatchObject({
      title: '重复标题',
      kind: 'article',
      verifyState: 0,
      creatorName: 'editor2',
    })
    expect((await same()).body.data.total).toBe(2)
    expect(
      (await call(t.app, 'GET', '/api/content/same?kind=article&title=', { token: superToken })).res
        .statusCode,
    ).toBe(422)
    const all = await call(
      t.app,
      'GET',
      `/api/content/same?kind=article&title=${encodeURIComponent('重复标题')}`,
      {
        token: superToken,
      },
    )
    expect(all.body.data.total).toBe(3)
  })

  it('locks an item for one editor at a time; the lock blocks other saves; the super admin may break it', async () => {
    const id = (await add(acct.editor.token, { title: '锁定' })).body.data.id as number
    const lock = (token: string, force = '') =>
      call(t.app, 'GET', `/api/content/article/lock?id=${id}${force}`, { token })
    expect((await lock(acct.editor.token)).body.data).toMatchObject({ locked: true, holderName: 'editor1' })
    expect((await lock(acct.editor.token)).body.data.locked).toBe(true)
    const other = await lock(acct.colleague.token)
    expect(other.body.data).toMatchObject({ locked: false, holderName: 'editor1' })
    const save = await call(t.app, 'POST', '/api/content/modify', {
      token: acct.colleague.token,
      body: { kind: 'article', id, title: '抢改' },
    })
    expect(save.res.statusCode).toBe(409)
    expect(save.body.msg).toBe('editor1 正在编辑')
    expect((await lock(acct.colleague.token, '&force=true')).body.data.locked).toBe(false)
    expect((await lock(superToken, '&force=true')).body.data).toMatchObject({
      locked: true,
      holderName: 'admin',
    })
    // An expired lock is free.
    await t.database.db
      .update(content)
      .set({ lockedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(content.id, id))
    expect((await lock(acct.colleague.token)).body.data).toMatchObject({
      locked: true,
      holderName: 'editor2',
    })
  })

  it('totals from the counters equal count(*) after a random sequence of operations', async () => {
    const { db } = t.database
    const rand = prng(20260101)
    const actors = [acct.editor, acct.colleague, acct.outsider, { id: 1, token: superToken }]
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!
    const ids: number[] = []
    for (let step = 0; step < 80; step++) {
      const who = pick(actors)
      const op = rand()
      if (op < 0.35 || !ids.length) {
        const r = await add(who.token, { title: `随机${step}`, isFirst: rand() < 0.4 })
        expect(r.body.code).toBe(0)
        ids.push(r.body.data.id)
      } else if (op < 0.5) {
        const id = pick(ids)
        await call(t.app, 'POST', '/api/content/modify', {
          token: who.token,
          body: { kind: 'article', id, title: `改${step}`, isFirst: rand() < 0.5 },
        })
      } else if (op < 0.7) {
        await del(who.token, [pick(ids), pick(ids)])
      } else if (op < 0.8) {
        await restore(who.token, [pick(ids)])
      } else {
        // A review transition as the review slice will run it: state change and counters in one transaction.
        const id = pick(ids)
        const state = pick([0, 1, 2, 3])
        await db.transaction(async (tx) => {
          const [before] = await tx.select().from(content).where(eq(content.id, id)).for('update')
          if (!before) return
          const [after] = await tx
            .update(content)
            .set({ verifyState: state })
            .where(eq(content.id, id))
            .returning()
          const s = (r: typeof before) => ({
            kind: r.kind,
            departmentId: r.departmentId,
            createdBy: r.createdBy,
            recycled: r.recycledAt !== null,
            verifyState: r.verifyState,
            isFirst: r.isFirst,
          })
          await applyCounts(tx, [{ before: s(before), after: s(after!) }])
        })
      }
    }
    const tabSql = {
      article: sql`recycled_at is null and verify_state <> 0`,
      first: sql`recycled_at is null and verify_state <> 0 and is_first`,
      draft: sql`recycled_at is null and verify_state = 0`,
      recycle: sql`recycled_at is not null`,
    }
    for (const who of [...actors, acct.viewer]) {
      const n = (await nums(who.token)).body.data
      for (const tab of TABS) {
        // The viewer holds no 回收站: that tab is refused (refuses actions the role lacks).
        if (who === acct.viewer && tab === 'recycle') {
          expect((await list(who.token, 'type=recycle')).res.statusCode).toBe(403)
          expect(n).not.toHaveProperty('recycle')
          continue
        }
        const counted = (await list(who.token, `type=${tab}&pageSize=1`)).body.data.total
        // A time filter takes the count(*) path over the same rows.
        const rowCount = (await list(who.token, `type=${tab}&pageSize=1&startTime=2000-01-01T00:00:00.000Z`))
          .body.data.total
        expect(counted, `${who.id} ${tab}`).toBe(rowCount)
        expect(n[tab], `${who.id} ${tab}`).toBe(rowCount)
        // The first page (one prepared statement, timestamps formatted by the database) lists the same rows,
        // field for field, as the query built per request; so do verifyState filters and page 2.
        const items = async (query: string) =>
          (await list(who.token, query)).body.data.items.map(
            ({ previewUrl: _, ...item }: { previewUrl: string }) => item,
          )
        const free = '&startTime=2000-01-01T00:00:00.000Z'
        for (const query of [`type=${tab}&pageSize=7`, `type=${tab}&pageSize=7&verifyState=3`])
          expect(await items(query), `${who.id} ${query}`).toEqual(await items(query + free))
        const two = await items(`type=${tab}&pageSize=3&page=2`)
        expect(two, `${who.id} ${tab} page 2`).toEqual((await items(`type=${tab}&pageSize=6`)).slice(3))
        // Later pages are prepared too (ids first, then the rows): the same as the query built per request.
        const later = `type=${tab}&pageSize=2&page=2&verifyState=3`
        expect(await items(later), `${who.id} ${later}`).toEqual(await items(later + free))
        const past = (await list(who.token, `type=${tab}&pageSize=30&page=999`)).body.data
        expect(past, `${who.id} ${tab} past the end`).toEqual({ items: [], total: counted })
        for (const creator of ['editor1', 'outsider']) {
          const c1 = (await list(who.token, `type=${tab}&createdBy=${creator}`)).body.data.total
          const c2 = (
            await list(who.token, `type=${tab}&createdBy=${creator}&startTime=2000-01-01T00:00:00.000Z`)
          ).body.data.total
          expect(c1, `${who.id} ${tab} ${creator}`).toBe(c2)
        }
      }
    }
    const superNums = (await nums(superToken)).body.data
    for (const tab of TABS) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(content)
        .where(and(eq(content.kind, 'article'), tabSql[tab]))
      expect(superNums[tab], tab).toBe(row!.n)
    }
    // Someone saw something: the sequence exercised non-empty tabs.
    expect(Object.values(superNums).filter((v) => (v as number) > 0).length).toBeGreaterThanOrEqual(3)
  }, 120_000)
})
