import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { comment, processResourceLog } from '../src/db/schema.ts'
import { circle, circleMember, post, report, topic } from '../src/db/tables/community.ts'
import { contentCalls } from './contentCalls.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { approvedMediaAccount } from './mediaAccountCalls.ts'
import { appCalls } from './openCommunityCalls.ts'

/**
 * What app users do through the app-facing API (decision 0041), against content and circles made in the console:
 * reading published content only, joining circles, posting (held for review by the circle or a sensitive word),
 * commenting with the comment screening, reporting and reading the outcome back.
 */
describe.each(engines)('app-facing community API (%s)', (engine) => {
  let t: TestApp
  let admin = ''
  const app = appCalls(() => t)
  const { ok, get, post: send } = app
  const consoleCalls = contentCalls(() => t)
  const db = () => t.database.db
  let phones = 0
  const newUser = () => app.user(`1360000${String(++phones).padStart(4, '0')}`)
  const consoleOk = async (url: string, body: unknown) => {
    const r = await consoleCalls.post(admin, url, body)
    expect(r.body.code, `${url} ${r.body.msg}`).toBe(0)
    return r.body.data
  }
  /** An article published in the console (the app reads it), optionally under a media account. */
  const published = async (title: string, extra: Record<string, unknown> = {}) => {
    const { id } = await consoleOk('/api/content/add', {
      kind: 'article',
      title,
      body: `<p>${title}正文</p>`,
      ...extra,
    })
    await consoleOk('/api/content/publish/noExamine', { kind: 'article', ids: [id] })
    return id as number
  }
  const titles = async (url: string) =>
    ((await ok(get(undefined, url))).items as { title: string }[]).map((i) => i.title)

  beforeAll(async () => {
    t = await startTestApp(engine)
    admin = await login(t.app)
    await consoleOk('/api/sensitive-word/add', { word: '违禁帖词', level: 'block' })
    await consoleOk('/api/sensitive-word/add', { word: '待审帖词', level: 'review' })
    await consoleOk('/api/sensitive-word/add', { word: '替换词', level: 'replace' })
  }, 60_000)
  afterAll(() => t?.close())

  it('serves published content only: not drafts, hidden, recycled, out of window or under a frozen account', async () => {
    const shown = await published('公开文章')
    await consoleOk('/api/content/add', { kind: 'article', title: '草稿文章' })
    const hidden = await published('隐藏文章')
    await consoleOk('/api/content/showState', { kind: 'article', ids: [hidden], showState: false })
    const binned = await published('回收文章')
    await consoleOk('/api/content/article/delete', { ids: [binned] })
    const ended = await published('过期文章', {
      displayStart: new Date(Date.now() - 86_400_000 * 2).toISOString(),
      displayEnd: new Date(Date.now() - 86_400_000).toISOString(),
    })
    const account = await approvedMediaAccount(t, admin, '被冻结的号')
    const frozen = await published('冻结号文章', { mediaAccountId: account })
    expect(await titles('/api/open/content/list?type=article')).toContain('冻结号文章')
    await consoleOk('/api/mediaAccount/frozen', { id: account, reason: '资质过期' })

    expect(await titles('/api/open/content/list?type=article')).toEqual(['公开文章'])
    const detail = await ok(get(undefined, `/api/open/content/detail?id=${shown}`))
    expect(detail).toMatchObject({
      id: shown,
      type: 'article',
      title: '公开文章',
      body: '<p>公开文章正文</p>',
    })
    expect(detail.publishedAt).toEqual(expect.any(String))
    for (const id of [hidden, binned, ended, frozen]) {
      const r = await get(undefined, `/api/open/content/detail?id=${id}`)
      expect(r.res.statusCode, String(id)).toBe(404)
      expect(r.body.msg).toBe('内容不存在')
    }
    expect(await titles('/api/open/content/list?type=video')).toEqual([])
    expect((await get(undefined, '/api/open/content/list?type=nope')).res.statusCode).toBe(422)
    expect((await get(undefined, '/api/open/content/detail?id=2147483648')).res.statusCode).toBe(422)
  })

  it('lists shown circles and topics; joining and leaving keep the member count exact', async () => {
    const open = await app.makeCircle('摄影圈', { recommend: true })
    await app.makeCircle('待审圈', { verifyState: 3 })
    await app.makeCircle('关闭圈', { showState: false })
    await app.makeTopic('春日', { recommend: true })
    await app.makeTopic('隐藏话题', { showState: false })
    const a = await newUser()
    const list = await ok(get(a.token, '/api/open/circle/list'))
    const names = list.items.map((c: { name: string }) => c.name)
    expect(names).toContain('摄影圈')
    expect(names).not.toContain('待审圈')
    expect(names).not.toContain('关闭圈')
    expect(list.items.find((c: { id: number }) => c.id === open)).toMatchObject({
      joined: false,
      memberCount: 0,
    })
    expect((await get(undefined, '/api/open/circle/list')).res.statusCode).toBe(401)
    const topics = (await ok(get(undefined, '/api/open/topic/list'))).items.map(
      (x: { name: string }) => x.name,
    )
    expect(topics).toContain('春日')
    expect(topics).not.toContain('隐藏话题')

    expect(await ok(send(a.token, '/api/open/circle/join', { circleId: open }))).toEqual({
      joined: true,
      memberCount: 1,
    })
    // Joining twice changes nothing.
    expect((await ok(send(a.token, '/api/open/circle/join', { circleId: open }))).memberCount).toBe(1)
    const mine = (await ok(get(a.token, '/api/open/circle/list'))).items.find(
      (c: { id: number }) => c.id === open,
    )
    expect(mine).toMatchObject({ joined: true, memberCount: 1 })
    // Many at once: the count is the members'.
    const many = await Promise.all([1, 2, 3, 4, 5].map(() => newUser()))
    await Promise.all(many.map((u) => ok(send(u.token, '/api/open/circle/join', { circleId: open }))))
    await Promise.all(
      many.slice(0, 2).map((u) => ok(send(u.token, '/api/open/circle/leave', { circleId: open }))),
    )
    const [members] = await db()
      .select({ n: count() })
      .from(circleMember)
      .where(eq(circleMember.circleId, open))
    const [row] = await db().select().from(circle).where(eq(circle.id, open))
    expect(members!.n).toBe(4)
    expect(row!.memberCount).toBe(4)
    expect((await ok(send(many[0]!.token, '/api/open/circle/leave', { circleId: open }))).memberCount).toBe(4)
    const closed = await app.makeCircle('又一个关闭圈', { showState: false })
    expect((await send(a.token, '/api/open/circle/join', { circleId: closed })).body.msg).toBe('圈子不存在')
  })

  it('posts in a joined circle: published at once, or held for review by the circle or a word', async () => {
    const free = await app.makeCircle('自由圈')
    const reviewed = await app.makeCircle('审核圈', { postReview: true })
    const spring = await app.makeTopic('春游')
    const u = await newUser()
    const body = {
      circleId: free,
      topicId: spring,
      title: '周末',
      body: '去爬山',
      images: ['/files/image/2026-03/a.jpg'],
    }
    const notMember = await send(u.token, '/api/open/post/add', body)
    expect(notMember.res.statusCode).toBe(403)
    expect(notMember.body.msg).toBe('请先加入圈子')
    await ok(send(u.token, '/api/open/circle/join', { circleId: free }))
    await ok(send(u.token, '/api/open/circle/join', { circleId: reviewed }))

    const made = await send(u.token, '/api/open/post/add', body)
    expect(made.body).toMatchObject({
      code: 0,
      msg: '发布成功',
      data: { verifyState: 1, stateName: '已发布' },
    })
    const listed = await ok(get(undefined, `/api/open/post/list?circleId=${free}`))
    expect(listed.items).toMatchObject([
      { id: made.body.data.id, title: '周末', topicName: '春游', circleName: '自由圈', images: body.images },
    ])
    expect(listed.items[0].author.id).toBe(u.id)
    expect((await ok(get(undefined, `/api/open/post/list?topicId=${spring}`))).total).toBe(1)
    const [c] = await db().select().from(circle).where(eq(circle.id, free))
    const [tp] = await db().select().from(topic).where(eq(topic.id, spring))
    expect([c!.postCount, tp!.postCount]).toEqual([1, 1])

    // The circle asks for review: held, submitted, not listed; its author sees it 审核中.
    const inReview = await ok(send(u.token, '/api/open/post/add', { circleId: reviewed, body: '请审核' }))
    expect(inReview).toMatchObject({ verifyState: 3, stateName: '审核中' })
    // A block-level word holds it too, naming the word; replace-level words are masked.
    const worded = await send(u.token, '/api/open/post/add', {
      circleId: free,
      body: '这里有违禁帖词和替换词',
    })
    expect(worded.body).toMatchObject({ msg: '已提交，审核通过后展示', data: { verifyState: 3 } })
    const reviewWord = await ok(
      send(u.token, '/api/open/post/add', { circleId: free, title: '待审帖词', body: '正文' }),
    )
    expect(reviewWord.verifyState).toBe(3)
    const [held] = await db().select().from(post).where(eq(post.id, worded.body.data.id))
    expect(held).toMatchObject({ verifyState: 3, processType: 'PENDING', hitWords: ['违禁帖词'] })
    expect(held!.body).toBe('这里有违禁帖词和***')
    expect(held!.submittedAt).toBeInstanceOf(Date)
    expect(held!.publishedAt).toBeNull()
    const trail = await db()
      .select()
      .from(processResourceLog)
      .where(and(eq(processResourceLog.resType, 'post'), eq(processResourceLog.resId, worded.body.data.id)))
    expect(trail).toMatchObject([{ action: 'submit', actorName: expect.stringMatching(/^App用户 /) }])
    expect((await ok(get(undefined, `/api/open/post/list?circleId=${free}`))).total).toBe(1)
    expect((await get(undefined, `/api/open/post/detail?id=${worded.body.data.id}`)).res.statusCode).toBe(404)
    const mine = await ok(get(u.token, '/api/open/post/mine'))
    expect(mine.items.map((p: { verifyState: number }) => p.verifyState)).toEqual([3, 3, 3, 1])
    expect(mine.items[3].stateName).toBe('已发布')

    // Top posts first in their circle.
    const second = await ok(send(u.token, '/api/open/post/add', { circleId: free, body: '第二帖' }))
    expect((await ok(get(undefined, `/api/open/post/list?circleId=${free}`))).items[0].id).toBe(second.id)
    await db().update(post).set({ top: true, topSort: 1 }).where(eq(post.id, made.body.data.id))
    expect((await ok(get(undefined, `/api/open/post/list?circleId=${free}`))).items[0].id).toBe(
      made.body.data.id,
    )

    // Refusals by the shared schema layer and by the rules.
    for (const [bad, status] of [
      [{ circleId: free, body: 'a\u0000b' }, 422],
      [{ circleId: 2_147_483_648, body: 'x' }, 422],
      [{ circleId: free, body: ' ' }, 422],
      [{ circleId: free, body: 'x', images: Array(10).fill('/files/image/a.png') }, 422],
      [{ circleId: free, body: 'x', video: 'ftp://x/v.mp4' }, 422],
      [{ circleId: free, body: 'x', userId: 1 }, 422],
      [{ circleId: free, body: 'x', topicId: 999_999 }, 404],
    ] as const) {
      const r = await send(u.token, '/api/open/post/add', bad)
      expect(r.res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(status)
    }
    expect(
      (await send(u.token, '/api/open/post/add', { circleId: free, body: 'x'.repeat(5001) })).body.msg,
    ).toBe('帖子内容不能超过5000个字')

    // The console's post review queue (/postAudit, resType post) lists the held posts; approving one publishes it.
    const queue = await consoleCalls.get(admin, '/api/verify-center/post?type=list&pageSize=100')
    expect(queue.body.data.items.map((i: { id: number }) => i.id)).toEqual(
      expect.arrayContaining([inReview.id, worded.body.data.id, reviewWord.id]),
    )
    await consoleOk('/api/verify-center/approved', { resType: 'post', ids: [inReview.id] })
    const approved = await ok(get(undefined, `/api/open/post/list?circleId=${reviewed}`))
    expect(approved.items.map((i: { id: number }) => i.id)).toEqual([inReview.id])
    const circles = (await ok(get(u.token, '/api/open/circle/list?pageSize=50'))).items
    expect(circles.find((x: { id: number }) => x.id === reviewed).postCount).toBe(1)
    // The decision ran the post's write hooks: the circle's kept count follows too.
    const [kept] = await t.database.db
      .select({ n: circle.postCount })
      .from(circle)
      .where(eq(circle.id, reviewed))
    expect(kept!.n).toBe(1)
    const mineNow = await ok(get(u.token, '/api/open/post/mine'))
    expect(mineNow.items.find((i: { id: number }) => i.id === inReview.id)).toMatchObject({
      verifyState: 1,
      stateName: '已发布',
    })
  })

  it('comments on content and posts through the comment screening; the post comment count stays exact', async () => {
    const article = await published('可评论文章')
    const circleId = await app.makeCircle('评论圈')
    const [author, reader] = [await newUser(), await newUser()]
    await ok(send(author.token, '/api/open/circle/join', { circleId }))
    const p = await ok(send(author.token, '/api/open/post/add', { circleId, body: '来评论' }))

    const onArticle = await send(reader.token, '/api/open/comment/add', {
      contentId: article,
      body: '写得好',
    })
    expect(onArticle.body).toMatchObject({ msg: '评论成功', data: { verifyState: 1, body: '写得好' } })
    const onPost = await ok(send(reader.token, '/api/open/comment/add', { postId: p.id, body: '沙发' }))
    const reply = await ok(
      send(author.token, '/api/open/comment/add', { postId: p.id, parentId: onPost.id, body: '谢谢替换词' }),
    )
    expect(reply.body).toBe('谢谢***')
    // A review-level word holds the comment (/commentAudit); a block-level one refuses it.
    const held = await send(reader.token, '/api/open/comment/add', { postId: p.id, body: '待审帖词' })
    expect(held.body).toMatchObject({ msg: '评论已提交，审核通过后展示', data: { verifyState: 3 } })
    const blocked = await send(reader.token, '/api/open/comment/add', { postId: p.id, body: '违禁帖词' })
    expect(blocked.res.statusCode).toBe(422)
    expect(blocked.body.msg).toBe('内容包含禁用词：违禁帖词')

    const list = await ok(get(undefined, `/api/open/comment/list?postId=${p.id}`))
    expect(list.items.map((c: { body: string }) => c.body)).toEqual(['谢谢***', '沙发'])
    expect(list.items[0]).toMatchObject({ parentId: onPost.id, author: { id: author.id } })
    expect((await ok(get(undefined, `/api/open/comment/list?contentId=${article}`))).items).toMatchObject([
      { body: '写得好', author: { id: reader.id } },
    ])
    const [row] = await db().select().from(post).where(eq(post.id, p.id))
    expect(row!.commentCount).toBe(2)
    const [stored] = await db().select().from(comment).where(eq(comment.id, onPost.id))
    expect(stored).toMatchObject({ postId: p.id, contentId: null, contentKind: 'post', userId: reader.id })
    // Comments at once on one post: the count is still the shown ones'.
    await Promise.all(
      [1, 2, 3, 4].map((i) =>
        ok(send(reader.token, '/api/open/comment/add', { postId: p.id, body: `并发${i}` })),
      ),
    )
    const [after] = await db().select().from(post).where(eq(post.id, p.id))
    expect(after!.commentCount).toBe(6)

    // Refusals: both targets or none, a reply to another item's comment, an unpublished target.
    const both = await send(reader.token, '/api/open/comment/add', {
      contentId: article,
      postId: p.id,
      body: 'x',
    })
    expect(both.res.statusCode).toBe(422)
    expect(both.body.msg).toContain('请指定评论的内容或帖子')
    const mismatch = await send(reader.token, '/api/open/comment/add', {
      contentId: article,
      parentId: onPost.id,
      body: 'x',
    })
    expect(mismatch.body.msg).toBe('回复的评论不属于该内容')
    const reviewCircle = await app.makeCircle('评审圈', { postReview: true })
    await ok(send(author.token, '/api/open/circle/join', { circleId: reviewCircle }))
    const waiting = await ok(
      send(author.token, '/api/open/post/add', { circleId: reviewCircle, body: '等审' }),
    )
    expect(
      (await send(reader.token, '/api/open/comment/add', { postId: waiting.id, body: 'x' })).body.msg,
    ).toBe('帖子不存在')
    expect((await get(undefined, `/api/open/comment/list?postId=${waiting.id}`)).res.statusCode).toBe(404)
    expect(
      (await send(undefined, '/api/open/comment/add', { contentId: article, body: 'x' })).res.statusCode,
    ).toBe(401)
  })

  it('reports a post, a comment, a user or content, one pending per target, and shows the outcome', async () => {
    const circleId = await app.makeCircle('举报圈')
    const [author, reporter] = [await newUser(), await newUser()]
    await ok(send(author.token, '/api/open/circle/join', { circleId }))
    const p = await ok(
      send(author.token, '/api/open/post/add', { circleId, title: '广告帖', body: '加微信' }),
    )
    const c = await ok(send(author.token, '/api/open/comment/add', { postId: p.id, body: '低俗评论' }))
    const article = await published('被举报文章')

    const onPost = await send(reporter.token, '/api/open/report/add', {
      targetType: 'post',
      targetId: p.id,
      reason: 'spam',
      description: '发广告',
      images: ['/files/image/2026-03/shot.png'],
    })
    expect(onPost.body).toMatchObject({
      msg: '举报已提交，我们会尽快处理',
      data: {
        targetTitle: '广告帖',
        reason: 'spam',
        reasonName: '垃圾广告',
        state: 'pending',
        stateName: '待处理',
      },
    })
    const dup = await send(reporter.token, '/api/open/report/add', {
      targetType: 'post',
      targetId: p.id,
      reason: 'other',
    })
    expect(dup.res.statusCode).toBe(409)
    expect(dup.body.msg).toBe('您已举报过该对象，请等待处理结果')
    await ok(
      send(reporter.token, '/api/open/report/add', { targetType: 'comment', targetId: c.id, reason: 'porn' }),
    )
    await ok(
      send(reporter.token, '/api/open/report/add', {
        targetType: 'user',
        targetId: author.id,
        reason: 'abuse',
      }),
    )
    await ok(
      send(reporter.token, '/api/open/report/add', {
        targetType: 'content',
        targetId: article,
        reason: 'rumor',
      }),
    )
    const rows = await db().select().from(report).where(eq(report.reporterId, reporter.id))
    const byType = Object.fromEntries(rows.map((r) => [r.targetType, r]))
    expect(byType.post).toMatchObject({ category: 'content', targetUserId: author.id, description: '发广告' })
    expect(byType.comment).toMatchObject({
      category: 'comment',
      targetTitle: '低俗评论',
      targetUserId: author.id,
    })
    expect(byType.user).toMatchObject({ category: 'content', targetTitle: expect.stringMatching(/^用户/) })
    expect(byType.content).toMatchObject({
      category: 'content',
      targetTitle: '被举报文章',
      targetUserId: null,
    })

    for (const [bad, status, msg] of [
      [{ targetType: 'user', targetId: reporter.id, reason: 'other' }, 400, '不能举报自己'],
      [{ targetType: 'post', targetId: 999_999, reason: 'other' }, 404, '举报对象不存在'],
      [{ targetType: 'post', targetId: p.id, reason: '骂人' }, 422, '请选择举报原因'],
      [{ targetType: 'group', targetId: p.id, reason: 'other' }, 422, undefined],
      [
        { targetType: 'post', targetId: p.id, reason: 'other', description: '字'.repeat(201) },
        422,
        undefined,
      ],
    ] as const) {
      const r = await send(reporter.token, '/api/open/report/add', bad)
      expect(r.res.statusCode, JSON.stringify(bad)).toBe(status)
      if (msg) expect(r.body.msg).toContain(msg)
    }

    // The console handles it (hides the post, with a reason); the reporter reads the outcome back.
    const handledAt = new Date()
    await db()
      .update(report)
      .set({ state: 'hidden', handleReason: '已隐藏违规帖子', handledAt })
      .where(eq(report.id, onPost.body.data.id))
    const mine = await ok(get(reporter.token, '/api/open/report/mine'))
    expect(mine.total).toBe(4)
    expect(mine.items.find((r: { id: number }) => r.id === onPost.body.data.id)).toMatchObject({
      state: 'hidden',
      stateName: '已处理：内容已隐藏',
      handleReason: '已隐藏违规帖子',
      handledAt: handledAt.toISOString(),
    })
    // Handled: the same target may be reported again.
    await ok(
      send(reporter.token, '/api/open/report/add', { targetType: 'post', targetId: p.id, reason: 'other' }),
    )
    expect((await ok(get(author.token, '/api/open/report/mine'))).total).toBe(0)
  })
})
