import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, comment, content, department } from '../src/db/schema.ts'
import { appUser, circle, commentTemplate, post, report } from '../src/db/tables/community.ts'
import { contentCalls } from './contentCalls.ts'
import { scopedAccount } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { rowXml, xlsxOf } from './xlsxFile.ts'

/**
 * Reports, the community's comments and comment templates (decision 0042): handling a report (dismiss, hide the
 * target, lock the reported user) with its reason, 评论管理 over comments on content and posts, templates imported
 * row by row and posted as operator accounts.
 */
describe.each(engines)('community content: reports, comments, templates (%s)', (engine) => {
  let t: TestApp
  let adminToken: string
  const ids = {} as Record<'author' | 'reporter' | 'operator' | 'circle' | 'post' | 'article', number>
  const acct = {} as Record<'handler' | 'commentViewer' | 'articleCommenter', { token: string }>
  const { post: call, get } = contentCalls(() => t)
  const ok = async (r: ReturnType<typeof call>) => {
    const { body } = await r
    expect(body.code, body.msg).toBe(0)
    return body.data
  }
  const db = () => t.database.db

  async function makeReport(values: Partial<typeof report.$inferInsert>) {
    const [row] = await db()
      .insert(report)
      .values({
        category: 'content',
        targetType: 'post',
        targetId: ids.post,
        targetTitle: '刷单兼职',
        targetUserId: ids.author,
        reporterId: ids.reporter,
        reason: 'spam',
        ...values,
      })
      .returning({ id: report.id })
    return row!.id
  }
  async function makeComment(values: Partial<typeof comment.$inferInsert>) {
    const [row] = await db()
      .insert(comment)
      .values({
        contentKind: 'post',
        postId: ids.post,
        authorName: '小林',
        userId: ids.author,
        body: '好',
        ...values,
      })
      .returning({ id: comment.id })
    return row!.id
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    adminToken = await login(t.app)
    const [d] = await db().insert(department).values({ name: '社区运营部' }).returning()
    acct.handler = await scopedAccount(t, 'reportHandler', { 内容举报: ['查看', '审核'] }, d!.id)
    acct.commentViewer = await scopedAccount(t, 'commentViewer', { '社区-评论': ['查看'] }, d!.id)
    acct.articleCommenter = await scopedAccount(
      t,
      'articleCommenter',
      { '内容-文章': ['查看', '评论'] },
      d!.id,
    )
    const users = await db()
      .insert(appUser)
      .values([
        { phone: '13800000011', nickname: '发帖人' },
        { phone: '13800000012', nickname: '举报人' },
        { nickname: '官方小编', operator: true },
      ])
      .returning({ id: appUser.id })
    ;[ids.author, ids.reporter, ids.operator] = users.map((u) => u.id) as [number, number, number]
    const [me] = await db().select({ id: admin.id }).from(admin).where(eq(admin.username, 'admin'))
    const [c] = await db()
      .insert(circle)
      .values({ name: '兼职交流', createdBy: me!.id, verifyState: 1, showState: true })
      .returning({ id: circle.id })
    ids.circle = c!.id
    const [p] = await db()
      .insert(post)
      .values({ userId: ids.author, circleId: ids.circle, body: '刷单兼职日结', verifyState: 1 })
      .returning({ id: post.id })
    ids.post = p!.id
    const article = await ok(call(adminToken, '/api/content/add', { kind: 'article', title: '本地新闻' }))
    ids.article = article.id
    await db().update(content).set({ verifyState: 1 }).where(eq(content.id, ids.article))
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('dismisses a report with a reason, and refuses handling it twice or without a reason', async () => {
    const id = await makeReport({ reason: 'rumor' })
    const bare = await call(acct.handler.token, '/api/contentReport/dismiss', {
      ids: [id],
      handleReason: ' ',
    })
    expect([bare.res.statusCode, bare.body.msg]).toEqual([422, '请输入处理说明'])
    await ok(
      call(acct.handler.token, '/api/contentReport/dismiss', { ids: [id], handleReason: '内容属实无违规' }),
    )
    const [row] = await db().select().from(report).where(eq(report.id, id))
    expect(row).toMatchObject({ state: 'dismissed', handleReason: '内容属实无违规' })
    expect(row!.handledAt).not.toBeNull()
    expect(row!.handledBy).not.toBeNull()
    const again = await call(acct.handler.token, '/api/contentReport/hideTarget', {
      ids: [id],
      handleReason: '改判',
    })
    expect(again.res.statusCode).toBe(409)
    // A comment report is not the content page's: 404 there, and 评论举报 needs its own right.
    const other = await makeReport({ category: 'comment', targetType: 'comment' })
    const foreign = await call(acct.handler.token, '/api/contentReport/dismiss', {
      ids: [other],
      handleReason: 'x',
    })
    expect(foreign.res.statusCode).toBe(404)
    const denied = await call(acct.handler.token, '/api/commentReport/dismiss', {
      ids: [other],
      handleReason: 'x',
    })
    expect(denied.res.statusCode).toBe(403)
    const list = await ok(get(acct.handler.token, '/api/contentReport/list?type=all'))
    expect(list.items.every((r: { targetType: string }) => r.targetType !== 'comment')).toBe(true)
  })

  it('hides a reported post (and settles the other reports of it) and locks its author for a day', async () => {
    const first = await makeReport({})
    const second = await makeReport({ reason: 'illegal' })
    const before = Date.now()
    await ok(
      call(acct.handler.token, '/api/contentReport/hideTarget', {
        ids: [first],
        handleReason: '违规招揽，已隐藏',
      }),
    )
    const [p] = await db().select().from(post).where(eq(post.id, ids.post))
    expect(p!.showState).toBe(false)
    const rows = await db().select().from(report).where(eq(report.targetId, ids.post))
    expect(rows.filter((r) => [first, second].includes(r.id)).map((r) => [r.state, r.handleReason])).toEqual([
      ['hidden', '违规招揽，已隐藏'],
      ['hidden', '违规招揽，已隐藏'],
    ])

    // Locking the author without hiding the post (同时隐藏内容 off) leaves the post as it is.
    await db().update(post).set({ showState: true }).where(eq(post.id, ids.post))
    const third = await makeReport({ reason: 'abuse' })
    await ok(
      call(acct.handler.token, '/api/contentReport/lockUser', {
        ids: [third],
        handleReason: '多次发布违规信息',
        duration: '1',
        alsoHide: false,
      }),
    )
    expect((await db().select().from(post).where(eq(post.id, ids.post)))[0]!.showState).toBe(true)
    const [u] = await db().select().from(appUser).where(eq(appUser.id, ids.author))
    expect(u).toMatchObject({ state: 'locked', lockReason: '多次发布违规信息' })
    const day = u!.lockedUntil!.getTime() - before
    expect(day).toBeGreaterThanOrEqual(86_400_000)
    expect(day).toBeLessThan(86_400_000 + 60_000)
    expect((await db().select().from(report).where(eq(report.id, third)))[0]!.state).toBe('locked')

    const ofUser = await makeReport({ targetType: 'user', targetId: ids.reporter, targetUserId: null })
    const hideUser = await call(acct.handler.token, '/api/contentReport/hideTarget', {
      ids: [ofUser],
      handleReason: 'x',
    })
    expect(hideUser.res.statusCode).toBe(409)
    await ok(
      call(acct.handler.token, '/api/contentReport/lockUser', {
        ids: [ofUser],
        handleReason: '冒充官方',
        duration: 'forever',
      }),
    )
    const [reported] = await db().select().from(appUser).where(eq(appUser.id, ids.reporter))
    expect(reported).toMatchObject({ state: 'locked', lockedUntil: null })
    await db().update(appUser).set({ state: 'normal', lockedUntil: null }).where(eq(appUser.id, ids.reporter))
    // By default locking the author hides the reported post too: one handling, both outcomes.
    const fourth = await makeReport({ reason: 'porn' })
    await ok(
      call(acct.handler.token, '/api/contentReport/lockUser', {
        ids: [fourth],
        handleReason: '色情引流',
        duration: '7',
      }),
    )
    expect((await db().select().from(post).where(eq(post.id, ids.post)))[0]!.showState).toBe(false)
  })

  it('hides a reported comment from the 评论举报 page and keeps the post comment count', async () => {
    await db().update(post).set({ showState: true }).where(eq(post.id, ids.post))
    const c = await makeComment({ body: '加我微信' })
    await makeComment({ body: '好文' })
    await db().update(post).set({ commentCount: 2 }).where(eq(post.id, ids.post))
    const r = await makeReport({
      category: 'comment',
      targetType: 'comment',
      targetId: c,
      targetTitle: '加我微信',
    })
    await ok(call(adminToken, '/api/commentReport/hideTarget', { ids: [r], handleReason: '引流' }))
    expect((await db().select().from(comment).where(eq(comment.id, c)))[0]!.showState).toBe(false)
    expect((await db().select().from(post).where(eq(post.id, ids.post)))[0]!.commentCount).toBe(1)
  })

  it('lists, reads, hides and deletes comments on content and posts in 评论管理 (source=community)', async () => {
    const onPost = await makeComment({ body: '社区评论一' })
    const [onArticle] = await db()
      .insert(comment)
      .values({ contentId: ids.article, contentKind: 'article', authorName: '读者', body: '新闻评论一' })
      .returning({ id: comment.id })
    const all = await ok(get(adminToken, '/api/comment/list?source=community&keyword=评论一'))
    expect(all.items.map((r: { id: number; targetTitle: string }) => [r.id, r.targetTitle])).toEqual([
      [onArticle!.id, '本地新闻'],
      [onPost, '刷单兼职日结'],
    ])
    // Comments on content follow the item's data scope (the article is not the viewer's department's); on posts, not.
    const scoped = await ok(
      get(acct.commentViewer.token, '/api/comment/list?source=community&keyword=评论一'),
    )
    expect(scoped.items.map((r: { id: number }) => r.id)).toEqual([onPost])
    const posts = await ok(
      get(acct.commentViewer.token, `/api/comment/list?source=community&circleId=${ids.circle}`),
    )
    expect(posts.items.every((r: { postId: number }) => r.postId === ids.post)).toBe(true)
    const detail = await ok(
      get(acct.commentViewer.token, `/api/comment/detail?source=community&id=${onPost}`),
    )
    expect(detail).toMatchObject({
      body: '社区评论一',
      contentKind: 'post',
      postId: ids.post,
      contentId: null,
    })

    // 社区-评论 查看 alone reads but does not change; a content type's 评论 does not open the community's list.
    const hide = await call(acct.commentViewer.token, '/api/comment/modifyBatch', {
      source: 'community',
      ids: [onPost],
      showState: false,
    })
    expect(hide.res.statusCode).toBe(403)
    const articleSide = await call(acct.articleCommenter.token, '/api/comment/removeComments', {
      source: 'community',
      ids: [onPost],
    })
    expect(articleSide.res.statusCode).toBe(403)

    await ok(
      call(adminToken, '/api/comment/modifyBatch', { source: 'community', ids: [onPost], showState: false }),
    )
    await ok(
      call(adminToken, '/api/comment/modify', { source: 'community', id: onArticle!.id, body: '改过的评论' }),
    )
    await ok(call(adminToken, '/api/comment/removeComments', { source: 'community', ids: [onPost] }))
    const gone = await get(adminToken, `/api/comment/detail?source=community&id=${onPost}`)
    expect(gone.res.statusCode).toBe(404)
    const hiddenOnly = await ok(
      get(adminToken, '/api/comment/list?source=community&target=content&showState=1'),
    )
    expect(hiddenOnly.items.find((r: { id: number }) => r.id === onArticle!.id)?.body).toBe('改过的评论')
  })

  it('holds a comment on a post in /commentAudit, counts it in the badge and counts it on the post once approved', async () => {
    await db().update(post).set({ showState: true }).where(eq(post.id, ids.post))
    const badge = async () =>
      (await get(adminToken, '/api/verify-center/pendingCounts')).body.data.counts['/commentAudit'] ?? 0
    const before = await badge()
    const held = await makeComment({ body: '待审的帖子评论', verifyState: 3 })
    // Made in the table, not through a call: the badge's cached counts are forgotten as a write would.
    t.ctx.readCaches.forget(true)
    expect(await badge()).toBe(before + 1)
    const queue = await ok(get(adminToken, '/api/verify-center/comments?type=list&keyword=待审的帖子评论'))
    expect(queue.items.map((r: { id: number; targetTitle: string }) => [r.id, r.targetTitle])).toEqual([
      [held, '刷单兼职日结'],
    ])
    const counted = async () => (await db().select().from(post).where(eq(post.id, ids.post)))[0]!.commentCount
    const shownBefore = await counted()
    await ok(call(adminToken, '/api/verify-center/comment', { pass: true, ids: [held] }))
    expect(await badge()).toBe(before)
    expect(await counted()).toBe(shownBefore + 1)
  })

  it('imports comment templates row by row and posts them on a post as an operator account', async () => {
    const sheet = xlsxOf(
      [
        rowXml(1, ['模板分类', '模板内容']),
        rowXml(2, ['点赞', '说得好，支持！']),
        rowXml(3, ['点赞', '']),
        rowXml(4, ['互动', '大家怎么看？']),
      ].join(''),
    )
    const imported = await call(adminToken, '/api/commentTemplate/import', {
      fileName: '模板.xlsx',
      file: sheet.toString('base64'),
    })
    expect(imported.body.code, imported.body.msg).toBe(0)
    expect(imported.body.data).toEqual({ added: 2, failed: [{ row: 3, messages: ['请输入模板内容'] }] })
    expect(imported.body.msg).toBe('导入 2 条，1 行有误未导入')
    const templates = await db().select().from(commentTemplate)
    expect(templates.map((r) => r.content).sort()).toEqual(['大家怎么看？', '说得好，支持！'].sort())

    const [on, off] = templates as [(typeof templates)[0], (typeof templates)[0]]
    await ok(call(adminToken, '/api/commentTemplate/showState', { ids: [off.id], showState: false }))
    const posted = await ok(
      call(adminToken, '/api/commentTemplate/post', {
        ids: [on.id, off.id],
        target: 'post',
        targetId: ids.post,
        operatorId: ids.operator,
      }),
    )
    expect(posted).toEqual({ added: 1 })
    const comments = await db().select().from(comment).where(eq(comment.userId, ids.operator))
    expect(comments.map((c) => [c.postId, c.authorName, c.body, c.verifyState])).toEqual([
      [ids.post, '官方小编', on.content, 1],
    ])
    const onArticle = await ok(
      call(adminToken, '/api/commentTemplate/post', {
        ids: [on.id],
        target: 'content',
        targetId: ids.article,
        operatorId: ids.operator,
      }),
    )
    expect(onArticle).toEqual({ added: 1 })
    const notOperator = await call(adminToken, '/api/commentTemplate/post', {
      ids: [on.id],
      target: 'post',
      targetId: ids.post,
      operatorId: ids.reporter,
    })
    expect([notOperator.res.statusCode, notOperator.body.msg]).toEqual([404, '运营账号不存在'])
    await db().update(appUser).set({ state: 'locked' }).where(eq(appUser.id, ids.operator))
    const locked = await call(adminToken, '/api/commentTemplate/post', {
      ids: [on.id],
      target: 'post',
      targetId: ids.post,
      operatorId: ids.operator,
    })
    expect(locked.res.statusCode).toBe(409)
  })

  it('posts and comments as an operator account from /postManage, screened as the app posts are', async () => {
    const [op] = await db()
      .insert(appUser)
      .values({ phone: '', nickname: '官方号', operator: true })
      .returning({ id: appUser.id })
    const publish = (body: string) =>
      call(adminToken, '/api/post/publish', {
        operatorId: op!.id,
        circleId: ids.circle,
        topicId: null,
        title: '',
        body,
        images: [],
        video: '',
      })
    const made = await ok(publish('今晚八点直播预告'))
    const [row] = await db().select().from(post).where(eq(post.id, made.id))
    expect(row).toMatchObject({ userId: op!.id, verifyState: 1, body: '今晚八点直播预告' })
    expect(row!.postedBy).not.toBeNull()
    const listed = await get(adminToken, `/api/post/list?userId=${op!.id}`)
    expect(
      listed.body.data.items.map((r: { id: number; refs: Record<string, string> }) => [r.id, r.refs.userId]),
    ).toEqual([[made.id, '官方号']])
    // Its author is an operator account, not an app user: the list says which, for the link.
    expect(listed.body.data.items[0].refTo).toEqual({ userId: 'operatorUser' })
    const byUser = await get(adminToken, `/api/post/list?userId=${ids.author}`)
    expect(byUser.body.data.items[0]).toMatchObject({ refs: { userId: '发帖人' }, refTo: {} })
    const reply = await ok(
      call(adminToken, '/api/post/reply', { ids: [made.id], operatorId: op!.id, body: '欢迎收看' }),
    )
    const [c] = await db().select().from(comment).where(eq(comment.id, reply.id))
    expect(c).toMatchObject({ postId: made.id, userId: op!.id, authorName: '官方号', body: '欢迎收看' })
    expect((await db().select().from(post).where(eq(post.id, made.id)))[0]!.commentCount).toBe(1)
    // Only operator accounts, only live circles; the handling needs 添加 / 评论 on 社区-帖子.
    const asUser = await call(adminToken, '/api/post/publish', {
      operatorId: ids.author,
      circleId: ids.circle,
      body: 'x',
    })
    expect([asUser.res.statusCode, asUser.body.msg]).toEqual([404, '运营账号不存在'])
    // 添加 on 社区-帖子 is for the command: posts have no form, so no POST /api/post/add.
    expect((await call(adminToken, '/api/post/add', {})).res.statusCode).toBe(404)
    expect(
      (
        await call(acct.commentViewer.token, '/api/post/publish', {
          operatorId: op!.id,
          circleId: ids.circle,
          body: 'x',
        })
      ).res.statusCode,
    ).toBe(403)
  })
})
