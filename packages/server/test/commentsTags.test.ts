import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, comment, department, operationLog, role } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'
import { approvedMediaAccount, MEDIA_APPLICATION } from './mediaAccountCalls.ts'

describe.each(engines)('tags, media accounts and comments (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  const { post, get, draft } = contentCalls(() => t)

  /** An account in its own department seeing only that department, holding `power`. */
  async function account(name: string, power: Record<string, string[]>, deptName: string) {
    const { db } = t.database
    const [d] = await db.insert(department).values({ name: deptName }).returning()
    const a = await grantedAccount(t, name, powerOf(power))
    await db
      .update(role)
      .set({ permissionDepartment: String(d!.id) })
      .where(eq(role.id, a.roleId))
    await db.update(admin).set({ departmentId: d!.id }).where(eq(admin.id, a.id))
    return a
  }

  /** Comments as the app would write them (no public comment route exists yet): straight into the table. */
  async function seedComments(contentId: number, bodies: string[]) {
    const rows = await t.database.db
      .insert(comment)
      .values(
        bodies.map((body, i) => ({
          contentId,
          contentKind: 'article',
          authorName: `读者${i}`,
          userId: 100 + i,
          body,
        })),
      )
      .returning({ id: comment.id })
    return rows.map((r) => r.id)
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
  }, 60_000)
  afterAll(() => t?.close())

  it('tags: add, unique per type, paged search, rename, info, delete in batch, logged', async () => {
    const add = (name: string, type = 0, token = superToken) =>
      get(token, `/api/tag/add?type=${type}&name=${encodeURIComponent(name)}`)
    const created = await add('春运')
    expect(created.body.code, created.body.msg).toBe(0)
    expect(created.body.data).toMatchObject({ name: '春运', type: 0, creatorName: 'admin' })
    const id = created.body.data.id as number
    expect((await add('春运')).body.msg).toBe('标签名称已存在')
    // The same name is free in the other type (user tags).
    expect((await add('春运', 1)).body.code).toBe(0)
    expect((await add('  ')).body.code).not.toBe(0)
    for (let i = 0; i < 16; i++) expect((await add(`批量标签${i}`)).body.code).toBe(0)

    const find = (body: Record<string, unknown>) => post(superToken, '/api/tag/findTags', body)
    const page1 = await find({ page: 1, pageSize: 15, name: '批量' })
    expect(page1.body.data.total).toBe(16)
    expect(page1.body.data.items).toHaveLength(15)
    expect(page1.body.data.items[0].name).toBe('批量标签15') // newest first
    const page2 = await find({ page: 2, pageSize: 15, name: '批量' })
    expect(page2.body.data.items.map((i: { name: string }) => i.name)).toEqual(['批量标签0'])
    // Default page size 10 (spec §7), type 0; ids picks exact tags; % is literal.
    expect((await find({})).body.data.items).toHaveLength(10)
    expect((await find({ ids: [id] })).body.data.items.map((i: { id: number }) => i.id)).toEqual([id])
    expect((await find({ name: '%' })).body.data.total).toBe(0)
    expect((await find({ type: 1 })).body.data.total).toBe(1)

    const renamed = await get(
      superToken,
      `/api/tag/modify?type=0&id=${id}&name=${encodeURIComponent('春运返程')}`,
    )
    expect(renamed.body.code, renamed.body.msg).toBe(0)
    expect((await get(superToken, `/api/tag/info?id=${id}`)).body.data.name).toBe('春运返程')
    expect(
      (await get(superToken, `/api/tag/modify?type=0&id=${id}&name=${encodeURIComponent('批量标签1')}`)).body
        .msg,
    ).toBe('标签名称已存在')
    // The type must match the tag's: a user-tag call cannot touch a content tag.
    expect((await get(superToken, `/api/tag/modify?type=1&id=${id}&name=x`)).body.msg).toBe('标签不存在')

    const ids = page2.body.data.items.map((i: { id: number }) => i.id)
    const removed = await post(superToken, '/api/tag/removes', { type: 0, ids: [id, ...ids] })
    expect(removed.body.data.removed).toBe(2)
    expect((await get(superToken, `/api/tag/info?id=${id}`)).res.statusCode).toBe(404)

    // The GET mutations are in the operation log like POSTs, under the type's page, named as the engine's calls
    // (新增标签, the definition's rows contentTag:<id>).
    const logged = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, '新增标签'), eq(operationLog.target, `contentTag:${id}`)))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ page: '内容-标签', method: 'GET', result: 'success' })
  })

  it('tags: the type decides the permission page', async () => {
    const contentTagger = await account('tagger', { '内容-标签': ['添加'] }, '标签部')
    const userTagger = await account('usertagger', { 用户标签: ['添加'] }, '用户部')
    const add = (token: string, type: number) =>
      get(token, `/api/tag/add?type=${type}&name=权限${type}${token.slice(0, 4)}`)
    expect((await add(contentTagger.token, 0)).body.code).toBe(0)
    expect((await add(contentTagger.token, 1)).res.statusCode).toBe(403)
    expect((await add(userTagger.token, 1)).body.code).toBe(0)
    expect((await add(userTagger.token, 0)).res.statusCode).toBe(403)
    expect((await get(superToken, '/api/tag/add?type=7&name=x')).res.statusCode).toBe(400)
    // Searching is open to any signed-in account (the content form's picker).
    expect((await post(userTagger.token, '/api/tag/findTags', { name: '权限' })).body.data.total).toBe(1)
  })

  it('tags are two definitions on one table: names unique within a type, a digit name stays text', async () => {
    const digits = await get(superToken, '/api/tag/add?type=1&name=2024')
    expect(digits.body.data).toMatchObject({ name: '2024', type: 1 })
    // The engine's own calls of each type see only its rows.
    const user = await post(superToken, '/api/userTag/list', { name: '2024' })
    expect(user.body.data.items.map((i: { id: number }) => i.id)).toEqual([digits.body.data.id])
    expect((await post(superToken, '/api/contentTag/list', { name: '2024' })).body.data.total).toBe(0)
    expect((await post(superToken, '/api/contentTag/add', { name: '2024' })).body.code).toBe(0)
    expect((await post(superToken, '/api/userTag/add', { name: '2024' })).body.msg).toBe('标签名称已存在')
    // The choosing value names an alias or is refused (never an object's inherited key).
    for (const type of ['__proto__', 'constructor', '2'])
      expect((await get(superToken, `/api/tag/add?type=${type}&name=x`)).res.statusCode).toBe(400)
    const other = await get(superToken, `/api/contentTag/detail?id=${digits.body.data.id}`)
    expect([other.res.statusCode, other.body.msg]).toEqual([404, '标签不存在'])
  })

  it('media accounts: insert (媒体号管理 添加), picker list narrowed to usable accounts', async () => {
    const insert = (token: string, body: Record<string, unknown>) =>
      post(token, '/api/mediaAccount/insert', { ...MEDIA_APPLICATION, ...body })
    const a = await approvedMediaAccount(t, superToken, '新闻频道号', { avatar: 'https://example.com/a.png' })
    expect((await insert(superToken, { name: '新闻频道号' })).body.msg).toBe('媒体号名称已存在')
    const frozenId = await approvedMediaAccount(t, superToken, '冻结号')
    const freeze = await post(superToken, '/api/mediaAccount/frozen', { id: frozenId, reason: '资质过期' })
    expect(freeze.body.code, freeze.body.msg).toBe(0)
    expect((await insert(superToken, { name: '坏头像', avatar: 'javascript:alert(1)' })).body.msg).toBe(
      '头像填写有误',
    )

    const editor = await account('picker', { '内容-文章': ['查看', '添加'] }, '编辑部')
    expect((await insert(editor.token, { name: '越权号' })).res.statusCode).toBe(403)
    // Without 媒体号管理 查看 only normal, approved accounts come back, whatever is asked.
    const mine = await get(editor.token, '/api/mediaAccount/list?state=0&content=号')
    expect(mine.body.data.items.map((i: { name: string }) => i.name)).toEqual(['新闻频道号'])
    const all = await get(superToken, '/api/mediaAccount/list?content=号')
    expect(all.body.data.total).toBe(2)
    const frozen = await get(superToken, '/api/mediaAccount/list?state=0')
    expect(frozen.body.data.items.map((i: { name: string }) => i.name)).toEqual(['冻结号'])
    expect((await get(editor.token, `/api/mediaAccount/list?ids=${a}`)).body.data.items).toHaveLength(1)
  })

  it('comments: list per item, show/hide and delete in batch, modify, staff reply; 评论 right and scope', async () => {
    const editor = await account('commenter', { '内容-文章': ['查看', '添加', '评论'] }, '新闻部')
    const noComment = await account('nocomment', { '内容-文章': ['查看', '添加'] }, '新闻部2')
    const outsider = await account('outsider2', { '内容-文章': ['查看', '添加', '评论'] }, '财经部')
    const article = await draft(editor.token, '有评论的文章')
    const other = await draft(editor.token, '另一篇')
    const ids = await seedComments(article, ['第一条', '第二条', '第三条'])
    await seedComments(other, ['别处的评论'])

    const list = (token: string, q = '') =>
      get(token, `/api/comment/list?kind=article&contentId=${article}${q}`)
    const l = await list(editor.token)
    expect(l.body.code, l.body.msg).toBe(0)
    expect(l.body.data.total).toBe(3)
    expect(l.body.data.items.map((i: { body: string }) => i.body)).toEqual(['第三条', '第二条', '第一条'])
    expect((await list(editor.token, '&pageSize=2&page=2')).body.data.items).toHaveLength(1)
    expect((await list(editor.token, `&keyword=${encodeURIComponent('读者1')}`)).body.data.total).toBe(1)

    // Permission: 评论 on the item's page; scope: the item's department.
    expect((await list(noComment.token)).res.statusCode).toBe(403)
    expect((await list(outsider.token)).res.statusCode).toBe(404)
    const hideOut = await post(outsider.token, '/api/comment/modifyBatch', {
      kind: 'article',
      ids,
      showState: false,
    })
    expect(hideOut.res.statusCode).toBe(404)
    expect((await get(outsider.token, `/api/comment/detail?kind=article&id=${ids[0]}`)).res.statusCode).toBe(
      404,
    )

    const hide = await post(editor.token, '/api/comment/modifyBatch', {
      kind: 'article',
      ids: [ids[0], ids[1]],
      showState: false,
    })
    expect(hide.body).toMatchObject({ code: 0, msg: '已隐藏', data: { updated: 2 } })
    expect((await list(editor.token, '&showState=0')).body.data.total).toBe(2)
    expect((await list(editor.token, '&showState=1')).body.data.items[0].id).toBe(ids[2])
    const show = await post(editor.token, '/api/comment/modifyBatch', {
      kind: 'article',
      ids: [ids[1]],
      showState: true,
    })
    expect(show.body.msg).toBe('已显示')

    const mod = await post(editor.token, '/api/comment/modify', {
      kind: 'article',
      id: ids[2],
      body: '改过的第三条',
    })
    expect(mod.body.data).toMatchObject({ body: '改过的第三条', showState: true })
    expect((await post(editor.token, '/api/comment/modify', { kind: 'article', id: ids[2] })).body.msg).toBe(
      '没有要修改的内容',
    )

    const reply = await post(editor.token, '/api/comment/add', {
      kind: 'article',
      contentId: article,
      parentId: ids[2],
      body: '感谢关注',
    })
    expect(reply.body.data).toMatchObject({
      authorName: 'commenter',
      adminId: editor.id,
      parentId: ids[2],
      parentAuthor: '读者2',
    })
    const [otherComment] = await seedComments(other, ['x'])
    const wrongParent = await post(editor.token, '/api/comment/add', {
      kind: 'article',
      contentId: article,
      parentId: otherComment,
      body: 'y',
    })
    expect(wrongParent.body.msg).toBe('回复的评论不属于该内容')

    // A comment of another item cannot ride along in a batch of this kind's ids unless in scope; unknown ids 404.
    expect(
      (await post(editor.token, '/api/comment/removeComments', { kind: 'article', ids: [999999] })).res
        .statusCode,
    ).toBe(404)
    const removed = await post(editor.token, '/api/comment/removeComments', {
      kind: 'article',
      ids: [ids[0], ids[1]],
    })
    expect(removed.body).toMatchObject({ code: 0, msg: '删除成功', data: { removed: 2 } })
    const after = await list(editor.token)
    expect(after.body.data.items.map((i: { id: number }) => i.id)).toEqual([reply.body.data.id, ids[2]])
    // Deleted comments are gone from every call, the rows kept with who deleted them.
    expect((await get(editor.token, `/api/comment/detail?kind=article&id=${ids[0]}`)).res.statusCode).toBe(
      404,
    )
    const [kept] = await t.database.db.select().from(comment).where(eq(comment.id, ids[0]!))
    expect(kept).toMatchObject({ deletedBy: editor.id })
    const log = await t.database.db
      .select()
      .from(operationLog)
      .where(
        and(
          eq(operationLog.action, '删除评论'),
          eq(operationLog.adminId, editor.id),
          eq(operationLog.result, 'success'),
        ),
      )
    expect(log[0]).toMatchObject({ page: '内容-文章', target: `comment:${ids[0]},comment:${ids[1]}` })
  })

  it('video comments: the same calls with kind video need 内容-视频 评论', async () => {
    const v = await post(superToken, '/api/content/add', {
      kind: 'video',
      title: '有评论的视频',
      videoUrl: 'https://example.com/v.mp4',
    })
    expect(v.body.code, v.body.msg).toBe(0)
    const added = await post(superToken, '/api/comment/add', {
      kind: 'video',
      contentId: v.body.data.id,
      body: '视频评论',
    })
    expect(added.body.data).toMatchObject({ contentKind: 'video', body: '视频评论' })
    const articleOnly = await account('articleonly', { '内容-文章': ['查看', '评论'] }, '文章部')
    const videoMod = await account('videomod', { '内容-视频': ['查看', '评论'] }, '视频部')
    const list = (token: string, kind: string) =>
      get(token, `/api/comment/list?kind=${kind}&contentId=${v.body.data.id}`)
    expect((await list(articleOnly.token, 'video')).res.statusCode).toBe(403)
    // Naming another kind does not reach the video's comments.
    expect((await list(superToken, 'article')).res.statusCode).toBe(404)
    const hide = await post(superToken, '/api/comment/modifyBatch', {
      kind: 'article',
      ids: [added.body.data.id],
      showState: false,
    })
    expect(hide.res.statusCode).toBe(404)
    // The video is outside videomod's department scope: not found, not forbidden.
    expect((await list(videoMod.token, 'video')).res.statusCode).toBe(404)
    expect((await list(superToken, 'video')).body.data.total).toBe(1)
  })

  it('comments pass the sensitive-word list on arrival: block refuses, replace masks, review holds', async () => {
    for (const [word, level] of [
      ['禁词甲', 'block'],
      ['替换词', 'replace'],
      ['待审词', 'review'],
    ])
      expect((await post(superToken, '/api/sensitive-word/add', { word, level })).body.code).toBe(0)
    const article = await draft(superToken, '敏感词评论')
    const add = (body: string) =>
      post(superToken, '/api/comment/add', { kind: 'article', contentId: article, body })
    const blocked = await add('这里有禁词甲')
    expect(blocked.res.statusCode).toBe(422)
    expect(blocked.body.msg).toBe('内容包含禁用词：禁词甲')
    const masked = await add('😀替换词😀，好')
    expect(masked.body.data).toMatchObject({ body: '😀***😀，好', verifyState: 1 })
    const held = await add('包含待审词的评论')
    expect(held.body.data).toMatchObject({ body: '包含待审词的评论', verifyState: 3 })
    // Editing the body screens it again.
    const edited = await post(superToken, '/api/comment/modify', {
      kind: 'article',
      id: held.body.data.id,
      body: '改好了',
    })
    expect(edited.body.data).toMatchObject({ body: '改好了', verifyState: 1 })
    const editBlocked = await post(superToken, '/api/comment/modify', {
      kind: 'article',
      id: held.body.data.id,
      body: '禁词甲',
    })
    expect(editBlocked.res.statusCode).toBe(422)
    // Nothing stored for the refused ones.
    const list = await get(superToken, `/api/comment/list?kind=article&contentId=${article}`)
    expect(list.body.data.items.map((i: { body: string }) => i.body)).toEqual(['改好了', '😀***😀，好'])
  })

  it('article form fields: tags and media account saved with the item', async () => {
    const tag = await get(superToken, `/api/tag/add?name=${encodeURIComponent('表单标签')}`)
    const acct = await approvedMediaAccount(t, superToken, '表单媒体号')
    const r = await post(superToken, '/api/content/add', {
      kind: 'article',
      title: '带标签的文章',
      tags: [tag.body.data.id],
      mediaAccountId: acct,
    })
    expect(r.body.code, r.body.msg).toBe(0)
    const d = await get(superToken, `/api/content/detail?kind=article&id=${r.body.data.id}`)
    expect(d.body.data.fields).toMatchObject({ tags: [tag.body.data.id], mediaAccountId: acct })
    const unknown = await post(superToken, '/api/content/add', {
      kind: 'article',
      title: 'x',
      mediaAccountId: 999999,
    })
    expect(unknown.body.msg).toBe('媒体号不存在')
    const cleared = await post(superToken, '/api/content/modify', {
      kind: 'article',
      id: r.body.data.id,
      ...d.body.data.fields,
      mediaAccountId: null,
    })
    expect(cleared.body.code, cleared.body.msg).toBe(0)
  })
})
