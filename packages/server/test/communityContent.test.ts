import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, department } from '../src/db/schema.ts'
import { appUser, circle, post, topic } from '../src/db/tables/community.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

/**
 * Circles, posts and topics on the record store (decision 0042): the circle's spec §7 paths, its review through
 * /groupAudit, posts held for /postAudit and approved, the circle's content calls (top, order, show, move), the
 * derived 帖子数 and the counts the app reads.
 */
describe.each(engines)('community content: circles, posts, topics (%s)', (engine) => {
  let t: TestApp
  let adminToken: string
  let author: number
  const acct = {} as Record<'manager' | 'reviewer' | 'postReviewer' | 'postViewer', { token: string }>
  const { post: call, get } = contentCalls(() => t)
  const ok = async (r: ReturnType<typeof call>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }

  /** Approved, open circles, as a circle manager leaves them. */
  async function makeCircles(...names: string[]) {
    const [me] = await t.database.db.select({ id: admin.id }).from(admin).where(eq(admin.username, 'admin'))
    const rows = await t.database.db
      .insert(circle)
      .values(names.map((name) => ({ name, createdBy: me!.id, verifyState: 1, showState: true })))
      .returning({ id: circle.id })
    return rows.map((r) => r.id)
  }

  /** A post as the app-facing API makes it (decision 0041): published, or held with the words it hit. */
  async function makePost(
    circleId: number | null,
    body: string,
    values: Partial<typeof post.$inferInsert> = {},
  ) {
    const [row] = await t.database.db
      .insert(post)
      .values({ userId: author, circleId, body, verifyState: 1, publishedAt: new Date(), ...values })
      .returning({ id: post.id })
    return row!.id
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    adminToken = await login(t.app)
    const [d] = await t.database.db.insert(department).values({ name: '社区运营部' }).returning()
    acct.manager = await scopedAccount(
      t,
      'circleManager',
      { '社区-圈子': ['查看', '添加', '编辑', '删除', '提交审核', '撤销审核', '上线/下线', '推荐', '排序'] },
      d!.id,
    )
    acct.reviewer = await scopedAccount(t, 'circleReviewer', { 圈子审核: ['查看', '审核'] }, d!.id)
    acct.postReviewer = await scopedAccount(t, 'postReviewer', { 帖子审核: ['查看', '审核'] }, d!.id)
    acct.postViewer = await scopedAccount(t, 'postViewer', { '社区-帖子': ['查看'] }, d!.id)
    const [u] = await t.database.db
      .insert(appUser)
      .values({ phone: '13800000001', nickname: '小林' })
      .returning({ id: appUser.id })
    author = u!.id
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('creates a circle through the spec paths, reviews it in /groupAudit and opens, recommends and orders it', async () => {
    const created = await ok(
      call(acct.manager.token, '/api/circle/create', {
        name: '城市骑行',
        icon: '/files/image/2026-11/ride.png',
        category: 'interest',
        intro: '周末一起骑',
      }),
    )
    expect(created).toMatchObject({ title: '城市骑行', verifyState: 0, postReview: true, recommend: false })
    const twice = await call(acct.manager.token, '/api/circle/create', {
      name: '城市骑行',
      icon: '/files/image/2026-11/ride.png',
    })
    expect([twice.res.statusCode, twice.body.msg]).toEqual([409, '圈子名称已存在'])

    await ok(call(acct.manager.token, '/api/circle/examine', { id: created.id }))
    const badge = await get(acct.reviewer.token, '/api/verify-center/pendingCounts')
    expect(badge.body.data.counts['/groupAudit']).toBe(1)
    const queue = await ok(get(acct.reviewer.token, '/api/verify-center/circle?type=list'))
    expect(queue.items.map((r: { title: string }) => r.title)).toEqual(['城市骑行'])
    // The manager cannot decide; the reviewer can.
    const self = await call(acct.manager.token, '/api/verify-center/circle', {
      pass: true,
      ids: [created.id],
    })
    expect(self.res.statusCode).toBe(403)
    await ok(call(acct.reviewer.token, '/api/verify-center/circle', { pass: true, ids: [created.id] }))
    expect(
      (await get(acct.reviewer.token, '/api/verify-center/pendingCounts')).body.data.counts['/groupAudit'],
    ).toBe(0)

    const second = await ok(
      call(acct.manager.token, '/api/circle/add', { name: '宠物日常', icon: '/files/image/2026-11/pet.png' }),
    )
    await ok(call(acct.manager.token, '/api/circle/status', { id: created.id, state: 0 }))
    await ok(call(acct.manager.token, '/api/circle/recommendStatus', { id: second.id, recommend: 1 }))
    await ok(call(acct.manager.token, '/api/circle/recommendSort', { ids: [second.id, created.id] }))
    const list = await ok(get(acct.manager.token, '/api/circle/list'))
    expect(
      list.items.map((r: { name: string; showState: boolean; recommend: boolean }) => [
        r.name,
        r.showState,
        r.recommend,
      ]),
    ).toEqual([
      ['宠物日常', true, true],
      ['城市骑行', false, false],
    ])
    const recommended = await ok(get(acct.manager.token, '/api/circle/list?type=recommend'))
    expect(recommended.total).toBe(1)
    await ok(call(acct.manager.token, '/api/circle/stateBatch', { ids: [created.id, second.id], state: 1 }))
    await ok(call(acct.manager.token, '/api/circle/recommendStatus', { ids: [second.id], recommend: 0 }))
    const after = await ok(get(acct.manager.token, `/api/circle/detail?id=${second.id}`))
    expect(after.fields).toMatchObject({ recommend: false, posts: 0 })
    expect(after.showState).toBe(true)
    await ok(call(acct.manager.token, '/api/circle/deleteBatch', { ids: [second.id] }))
    expect((await ok(get(acct.manager.token, '/api/circle/list'))).total).toBe(1)
  })

  it('holds a post for /postAudit with its words and media, publishes it on approval and counts it', async () => {
    const [circleId] = (await makeCircles('美食探店')) as [number]
    const shown = await makePost(circleId, '今天的早茶不错')
    const held = await makePost(circleId, '本店有代开发票服务', {
      verifyState: 3,
      processType: 'PENDING',
      submittedAt: new Date(),
      publishedAt: null,
      images: ['/files/image/2026-11/tea.png', '/files/image/2026-11/bun.png'],
      video: '/files/video/2026-11/shop.mp4',
      hitWords: ['代开发票'],
    })
    const badge = await get(acct.postReviewer.token, '/api/verify-center/pendingCounts')
    expect(badge.body.data.counts['/postAudit']).toBe(1)
    const queue = await ok(get(acct.postReviewer.token, '/api/verify-center/post?type=list'))
    expect(queue.items.map((r: { id: number }) => r.id)).toEqual([held])
    const detail = await ok(get(acct.postReviewer.token, `/api/verify-center/post/detail?id=${held}`))
    expect(detail.fields).toMatchObject({
      body: '本店有代开发票服务',
      images: ['/files/image/2026-11/tea.png', '/files/image/2026-11/bun.png'],
      video: '/files/video/2026-11/shop.mp4',
      hitWords: ['代开发票'],
      circleId,
    })

    const before = await ok(get(acct.postViewer.token, `/api/post/list?circleId=${circleId}`))
    expect(before.items.map((r: { id: number }) => r.id).sort()).toEqual([shown, held].sort())
    expect(before.items[0].refs).toMatchObject({ circleId: '美食探店', userId: '小林' })
    expect((await ok(get(adminToken, `/api/circle/detail?id=${circleId}`))).fields.posts).toBe(1)

    await ok(call(acct.postReviewer.token, '/api/verify-center/post', { pass: true, ids: [held] }))
    const [row] = await t.database.db.select().from(post).where(eq(post.id, held))
    expect(row).toMatchObject({ verifyState: 1, processType: 'PASS' })
    expect(row!.publishedAt).not.toBeNull()
    expect((await ok(get(adminToken, `/api/circle/detail?id=${circleId}`))).fields.posts).toBe(2)
    const pending = await ok(get(acct.postViewer.token, '/api/post/list?type=pending'))
    expect(pending.total).toBe(0)
  })

  it("tops a circle's posts in order, shows and hides them and moves them between circles", async () => {
    const [a, b] = (await makeCircles('跑步圈', '徒步圈')).map((id) => ({ id }))
    const p1 = await makePost(a!.id, '晨跑五公里')
    const p2 = await makePost(a!.id, '夜跑路线')
    const p3 = await makePost(a!.id, '马拉松报名')
    await ok(call(adminToken, '/api/circle/content/addTop', { ids: [p3] }))
    await ok(call(adminToken, '/api/circle/content/topState', { id: p1, top: 1 }))
    const top = await ok(get(adminToken, `/api/circle/content/top?circleId=${a!.id}`))
    expect(top.items.map((r: { id: number }) => r.id)).toEqual([p3, p1])
    const unTop = await ok(get(adminToken, `/api/circle/content/unTop?id=${a!.id}`))
    expect(unTop.items.map((r: { id: number }) => r.id)).toEqual([p2])

    const partial = await call(adminToken, '/api/circle/content/top/sorting', { circleId: a!.id, ids: [p1] })
    expect(partial.res.statusCode).toBe(409)
    await ok(call(adminToken, '/api/circle/content/top/sorting', { circleId: a!.id, ids: [p1, p3] }))
    const sorted = await ok(get(adminToken, `/api/circle/content/top?id=${a!.id}`))
    expect(sorted.items.map((r: { id: number }) => r.id)).toEqual([p1, p3])
    await ok(call(adminToken, '/api/circle/content/removeTop', { ids: [p1] }))
    await ok(call(adminToken, '/api/circle/content/topState', { id: p3, top: 0 }))
    expect((await ok(get(adminToken, `/api/circle/content/top?id=${a!.id}`))).total).toBe(0)

    // Hiding a post takes it out of the counts the console and the app read.
    await ok(call(adminToken, '/api/circle/content/state', { id: p2, state: 0 }))
    const [counted] = await t.database.db.select().from(circle).where(eq(circle.id, a!.id))
    expect(counted!.postCount).toBe(2)
    expect((await ok(get(adminToken, `/api/circle/detail?id=${a!.id}`))).fields.posts).toBe(2)
    await ok(call(adminToken, '/api/circle/content/showBatch', { ids: [p2], state: 1 }))

    await ok(call(adminToken, '/api/circle/content/addTop', { ids: [p1] }))
    await ok(call(adminToken, '/api/circle/addRelation', { id: b!.id, postIds: [p1, p2] }))
    const moved = await t.database.db.select().from(post).where(eq(post.id, p1))
    expect(moved[0]).toMatchObject({ circleId: b!.id, top: false })
    const counts = await t.database.db.select({ id: circle.id, n: circle.postCount }).from(circle)
    expect(counts.find((c) => c.id === a!.id)?.n).toBe(1)
    expect(counts.find((c) => c.id === b!.id)?.n).toBe(2)
    const wrong = await call(adminToken, '/api/circle/removeRelation', { id: a!.id, postIds: [p1] })
    expect([wrong.res.statusCode, wrong.body.msg]).toEqual([409, '帖子不在圈子「跑步圈」中'])
    await ok(call(adminToken, '/api/circle/removeRelation', { id: b!.id, postIds: [p1] }))
    expect((await t.database.db.select().from(post).where(eq(post.id, p1)))[0]!.circleId).toBeNull()
    // Moving posts needs 编辑 on the circle page; topping them, 置顶 on the post page.
    const viewer = await call(acct.postViewer.token, '/api/circle/content/addTop', { ids: [p2] })
    expect(viewer.res.statusCode).toBe(403)
  })

  it('recycles and restores posts, and counts topics, recommended and ordered', async () => {
    const [c] = (await makeCircles('读书会')).map((id) => ({ id }))
    const topicA = await ok(call(adminToken, '/api/topic/add', { name: '春日书单', intro: '推荐一本书' }))
    const topicB = await ok(call(adminToken, '/api/topic/add', { name: '深夜读书' }))
    const dup = await call(adminToken, '/api/topic/add', { name: '春日书单' })
    expect(dup.res.statusCode).toBe(409)
    const p = await makePost(c!.id, '《额尔古纳河右岸》', { topicId: topicA.id })
    await makePost(c!.id, '《平凡的世界》', { topicId: topicA.id })
    await ok(call(adminToken, '/api/topic/recommend', { ids: [topicB.id] }))
    await ok(call(adminToken, '/api/topic/sort', { ids: [topicB.id, topicA.id] }))
    const topics = await ok(get(adminToken, '/api/topic/list'))
    expect(
      topics.items.map((r: { name: string; posts: number; recommend: boolean }) => [
        r.name,
        r.posts,
        r.recommend,
      ]),
    ).toEqual([
      ['深夜读书', 0, true],
      ['春日书单', 2, false],
    ])
    const ofTopic = await ok(get(adminToken, `/api/post/list?topicId=${topicA.id}`))
    expect(ofTopic.total).toBe(2)

    await ok(call(adminToken, '/api/post/delete', { ids: [p] }))
    expect((await ok(get(adminToken, '/api/post/list?type=recycle'))).total).toBe(1)
    const [counted] = await t.database.db.select().from(topic).where(eq(topic.id, topicA.id))
    expect(counted!.postCount).toBe(1)
    const recycledTop = await call(adminToken, '/api/post/top', { ids: [p] })
    expect(recycledTop.res.statusCode).toBe(409)
    await ok(call(adminToken, '/api/post/restore', { ids: [p] }))
    expect((await ok(get(adminToken, `/api/topic/detail?id=${topicA.id}`))).fields.posts).toBe(2)
  })
})
