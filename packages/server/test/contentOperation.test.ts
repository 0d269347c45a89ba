import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { content } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

/** GET /api/contentOperation/contentOperationInfo: real + operated counts of an item (spec §3, §7). */
describe.each(engines)('content operations info (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  const { post, get } = contentCalls(() => t)
  const info = (token: string, query: string) =>
    get(token, `/api/contentOperation/contentOperationInfo?${query}`)

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
  })
  afterAll(() => t?.close())

  it('answers a discussion by id alone: 阅读, 点赞 and 关注, each real + operated', async () => {
    const added = await post(superToken, '/api/content/add', {
      kind: 'discuss',
      title: '热议运营数据',
      operateViewNum: 100,
      operateFollowNum: 7,
    })
    const id = added.body.data.id as number
    // Real counts come from the app side: views and likes in their columns, follows in extra.
    await t.database.db
      .update(content)
      .set({ viewNum: 5, likeNum: 2, extra: sql`${content.extra} || '{"followNum": 3}'::jsonb` })
      .where(eq(content.id, id))
    const r = await info(superToken, `id=${id}`)
    expect(r.body.code, r.body.msg).toBe(0)
    expect(r.body.data).toEqual({
      id,
      kind: 'discuss',
      title: '热议运营数据',
      view: { real: 5, operated: 100, total: 105 },
      like: { real: 2, operated: null, total: 2 },
      follow: { real: 3, operated: 7, total: 10 },
      online: null,
    })
  })

  it('other kinds by kind; counts a type has no operated field for are null', async () => {
    const art = await post(superToken, '/api/content/add', {
      kind: 'article',
      title: '文章运营数据',
      operateLikeNum: 9,
    })
    const a = await info(superToken, `kind=article&id=${art.body.data.id}`)
    expect(a.body.data).toMatchObject({
      view: { real: 0, operated: null, total: 0 },
      like: { real: 0, operated: 9, total: 9 },
      follow: null,
      online: null,
    })
    const replay = await post(superToken, '/api/content/add', {
      kind: 'program_replay',
      source: 'tv',
      title: '回看运营数据',
      replayUrl: 'https://media.example.com/r.m3u8',
    })
    const p = await info(superToken, `kind=program_replay&id=${replay.body.data.id}`)
    expect(p.body.data).toMatchObject({ view: null, like: null, follow: null, online: null })
    // The id must be an item of that kind.
    expect((await info(superToken, `kind=discuss&id=${art.body.data.id}`)).res.statusCode).toBe(404)
  })

  it('needs 查看 on the kind’s page', async () => {
    const added = await post(superToken, '/api/content/add', { kind: 'discuss', title: '无权查看' })
    const other = await grantedAccount(t, 'opsArticleOnly', powerOf({ '内容-文章': ['查看'] }))
    expect((await info(other.token, `id=${added.body.data.id}`)).res.statusCode).toBe(403)
    const reader = await grantedAccount(t, 'opsDiscussReader', powerOf({ '内容-热议': ['查看'] }))
    expect((await info(reader.token, `id=${added.body.data.id}`)).body.code).toBe(0)
  })
})
