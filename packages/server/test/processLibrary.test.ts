import { reviewMessages } from '@moc/domain/api/review'
import { REVIEW_STATUSES, reviewStatusMessages } from '@moc/domain/api/reviewStatus'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_STATE, admin, content, operationLog, role } from '../src/db/schema.ts'
import { contentCalls } from './contentCalls.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { engines, login, startTestApp, type TestApp } from './harness.ts'

const EDITOR = ['查看', '添加', '编辑', '删除', '提交审核']
const REVIEWER = ['查看', '审核']

describe.each(engines)('process library (%s)', (engine) => {
  let t: TestApp
  let superToken: string
  let superId: number
  type Acct = { id: number; token: string; roleId: number }
  const acct: Record<'editor' | 'chief' | 'reviewer1' | 'reviewer2' | 'selfReviewer' | 'viewer', Acct> =
    {} as never

  const account = (name: string, power: Record<string, string[]>): Promise<Acct> =>
    grantedAccount(t, name, powerOf(power))
  const { post, get, draft } = contentCalls(() => t)
  const submit = (token: string, ids: number[]) =>
    post(token, '/api/process/submit', { kind: 'article', ids })
  const pass = (token: string, ids: number[]) =>
    post(token, '/api/process/resource/pass', { resType: 'article', ids })
  const reject = (token: string, ids: number[], reason: string) =>
    post(token, '/api/process/resource/reject', { resType: 'article', ids, reason })
  const resourceList = (token: string, query = '') => get(token, `/api/process/resource/list${query}`)
  const setting = (body: Record<string, unknown>) =>
    post(superToken, '/api/process/setting', { resType: 'article', ...body })
  async function item(id: number) {
    const [r] = await t.database.db.select().from(content).where(eq(content.id, id))
    return r!
  }
  /** A process with the given nodes; returns its id and the node ids in order. */
  async function processWith(
    name: string,
    nodes: { name: string; roleIds?: number[]; adminIds?: number[] }[],
  ) {
    const p = await post(superToken, '/api/process/create', { name, description: `${name}说明` })
    expect(p.body.code, p.body.msg).toBe(0)
    const ids: number[] = []
    for (const n of nodes) {
      const r = await post(superToken, '/api/process/state/create', { processId: p.body.data.id, ...n })
      expect(r.body.code, r.body.msg).toBe(0)
      ids.push(r.body.data.id)
    }
    return { id: p.body.data.id as number, nodes: ids }
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await login(t.app)
    const [a] = await t.database.db.select({ id: admin.id }).from(admin).where(eq(admin.username, 'admin'))
    superId = a!.id
    acct.editor = await account('editor1', { '内容-文章': EDITOR })
    acct.chief = await account('chief', { '内容-文章': ['查看', '撤销审核'] })
    acct.reviewer1 = await account('reviewer1', { 文章审核: REVIEWER })
    acct.reviewer2 = await account('reviewer2', { 文章审核: REVIEWER })
    acct.selfReviewer = await account('selfreviewer', { '内容-文章': EDITOR, 文章审核: REVIEWER })
    acct.viewer = await account('viewer', { '内容-文章': ['查看'] })
  }, 60_000)
  afterAll(() => t?.close())

  it('copies a process with its nodes in order, named "<name>-副本", bound to no type', async () => {
    const src = await processWith('两级审核', [
      { name: '初审', roleIds: [acct.reviewer1.roleId] },
      { name: '终审', adminIds: [acct.reviewer2.id] },
    ])
    await setting({ processId: src.id })
    const r = await post(superToken, '/api/process/copy', { id: src.id })
    expect(r.body).toMatchObject({ code: 0, data: { name: '两级审核-副本' } })
    const copyId = r.body.data.id
    expect(copyId).not.toBe(src.id)
    const nodes = (await get(superToken, `/api/process/state/list?processId=${copyId}`)).body.data.items
    expect(
      nodes.map((n: { name: string; roleIds: number[]; adminIds: number[] }) => [
        n.name,
        n.roleIds,
        n.adminIds,
      ]),
    ).toEqual([
      ['初审', [acct.reviewer1.roleId], []],
      ['终审', [], [acct.reviewer2.id]],
    ])
    expect(nodes[0].roles).toEqual([{ id: acct.reviewer1.roleId, name: 'role-reviewer1' }])
    expect(nodes[1].admins).toEqual([{ id: acct.reviewer2.id, name: 'reviewer2' }])
    const srcNodes = (await get(superToken, `/api/process/state/list?processId=${src.id}`)).body.data.items
    expect(nodes.map((n: { id: number }) => n.id)).not.toContain(srcNodes[0].id)
    const listed = (await get(superToken, '/api/process/list?name=两级审核')).body.data.items
    expect(listed.find((p: { id: number }) => p.id === copyId)).toMatchObject({
      name: '两级审核-副本',
      description: '两级审核说明',
      resTypes: [],
      stateCount: 2,
    })
    expect(listed.find((p: { id: number }) => p.id === src.id)).toMatchObject({ resTypes: ['article'] })
    // A name at the limit is shortened so the copy's name still fits.
    const long = await post(superToken, '/api/process/create', { name: '长'.repeat(50) })
    const longCopy = await post(superToken, '/api/process/copy', { id: long.body.data.id })
    expect(longCopy.body.data.name).toBe(`${'长'.repeat(47)}-副本`)
    expect((await post(superToken, '/api/process/copy', { id: 999_999 })).res.statusCode).toBe(404)
    const [op] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, '复制审核流程'), eq(operationLog.target, `process:${copyId}`)))
    expect(op).toMatchObject({ page: '系统-审核流程', result: 'success' })
    await setting({ processId: null })
  })

  it('refuses nodes naming roles or accounts that do not exist (400), keeps ids unique', async () => {
    const p = await processWith('校验流程', [])
    const create = (body: Record<string, unknown>) =>
      post(superToken, '/api/process/state/create', { processId: p.id, name: '节点', ...body })
    const badRole = await create({ roleIds: [acct.reviewer1.roleId, 999_999] })
    expect(badRole.res.statusCode).toBe(400)
    expect(badRole.body.msg).toBe(reviewMessages.unknownRole)
    const badAdmin = await create({ adminIds: [999_999] })
    expect(badAdmin.res.statusCode).toBe(400)
    expect(badAdmin.body.msg).toBe(reviewMessages.unknownAdmin)
    const [gone] = await t.database.db
      .insert(admin)
      .values({ username: 'gone', passwordHash: 'x', state: ADMIN_STATE.deleted })
      .returning({ id: admin.id })
    expect((await create({ adminIds: [gone!.id] })).body.msg).toBe(reviewMessages.unknownAdmin)
    expect((await get(superToken, `/api/process/state/list?processId=${p.id}`)).body.data.total).toBe(0)

    const ok = await create({ roleIds: [acct.reviewer1.roleId, acct.reviewer1.roleId], adminIds: [superId] })
    expect(ok.body.code).toBe(0)
    const update = (body: Record<string, unknown>) =>
      post(superToken, '/api/process/state/update', {
        id: ok.body.data.id,
        name: '改名',
        sort: 0,
        roleIds: [],
        adminIds: [],
        ...body,
      })
    expect((await update({ roleIds: [999_999] })).body.msg).toBe(reviewMessages.unknownRole)
    expect((await update({ adminIds: [gone!.id] })).res.statusCode).toBe(400)
    const [node] = (await get(superToken, `/api/process/state/list?processId=${p.id}`)).body.data.items
    expect(node).toMatchObject({ name: '节点', roleIds: [acct.reviewer1.roleId], adminIds: [superId] })
    expect(node.admins).toEqual([{ id: superId, name: 'admin' }])
    expect((await update({ adminIds: [acct.reviewer2.id] })).body.code).toBe(0)
  })

  it('reorders all nodes of a process at once; a partial or foreign order is refused', async () => {
    const p = await processWith('排序流程', [{ name: 'A' }, { name: 'B' }, { name: 'C' }])
    const [a, b, c] = p.nodes as [number, number, number]
    const sort = (ids: number[]) => post(superToken, '/api/process/state/sort', { processId: p.id, ids })
    expect((await sort([c, a, b])).body.code).toBe(0)
    const names = async () =>
      (await get(superToken, `/api/process/state/list?processId=${p.id}`)).body.data.items.map(
        (n: { name: string }) => n.name,
      )
    expect(await names()).toEqual(['C', 'A', 'B'])
    for (const bad of [
      [a, b],
      [a, b, c, c],
      [a, b, 999_999],
    ]) {
      const r = await sort(bad)
      expect(r.res.statusCode).toBe(400)
      expect(r.body.msg).toBe(reviewMessages.nodeOrder)
    }
    expect(await names()).toEqual(['C', 'A', 'B'])
  })

  it('process-module aliases: submit, pass, reject (reason required), withdraw (take down)', async () => {
    const id = await draft(acct.editor.token, '流程模块')
    expect((await submit(acct.editor.token, [id])).body).toMatchObject({ code: 0, data: { updated: 1 } })
    expect(await item(id)).toMatchObject({
      verifyState: 3,
      processType: 'PENDING',
      submittedBy: acct.editor.id,
    })
    expect((await submit(acct.viewer.token, [id])).res.statusCode).toBe(403)
    const noReason = await post(acct.reviewer1.token, '/api/process/resource/reject', {
      resType: 'article',
      ids: [id],
    })
    expect(noReason.res.statusCode).toBe(422)
    expect((await reject(acct.reviewer1.token, [id], '  ')).res.statusCode).toBe(422)
    expect((await reject(acct.reviewer1.token, [id], '标题不规范')).body.code).toBe(0)
    expect(await item(id)).toMatchObject({ verifyState: 2, processType: 'REJECT' })
    expect((await submit(acct.editor.token, [id])).body.code).toBe(0)
    expect((await pass(acct.viewer.token, [id])).res.statusCode).toBe(403)
    expect((await pass(acct.reviewer1.token, [id])).body.code).toBe(0)
    expect(await item(id)).toMatchObject({ verifyState: 1, processType: 'PASS' })

    const withdraw = (token: string) =>
      post(token, '/api/process/resource/withdraw', { kind: 'article', ids: [id] })
    expect((await withdraw(acct.editor.token)).res.statusCode).toBe(403)
    expect((await withdraw(acct.chief.token)).body.code).toBe(0)
    expect(await item(id)).toMatchObject({ verifyState: 0, processType: 'WITHDRAW', publishedAt: null })
    expect((await withdraw(acct.chief.token)).res.statusCode).toBe(409)
    const log = (await get(acct.editor.token, `/api/process/resource/log?resId=${id}`)).body.data.items
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'submit',
      'reject',
      'submit',
      'pass',
      'withdraw',
    ])
    expect(log[1]).toMatchObject({ comment: '标题不规范', actorName: 'reviewer1' })
    const ops = await t.database.db
      .select({ action: operationLog.action, path: operationLog.path })
      .from(operationLog)
      .where(eq(operationLog.target, `content:${id}`))
    expect(ops).toContainEqual({ action: '提交审核', path: '/api/process/submit' })
    expect(ops).toContainEqual({ action: '撤回发布', path: '/api/process/resource/withdraw' })
  })

  it('resource list: the items waiting at the caller’s nodes across types, with node names and totals', async () => {
    const p = await processWith('列表流程', [
      { name: '一审', roleIds: [acct.reviewer1.roleId] },
      { name: '二审', adminIds: [acct.reviewer2.id] },
    ])
    await setting({ processId: p.id })
    const id = await draft(acct.editor.token, '待我审核')
    await submit(acct.editor.token, [id])
    const mine = async (a: { token: string }) => {
      const r = await resourceList(a.token, '?pageSize=100')
      expect(r.body.code, r.body.msg).toBe(0)
      const counts = (await get(a.token, '/api/verify-center/pendingCounts')).body.data
      expect(r.body.data.total).toBe(counts.total)
      expect(r.body.data.items).toHaveLength(r.body.data.total)
      return r.body.data.items as { id: number; stateName: string; resType: string; queue: string }[]
    }
    expect((await mine(acct.reviewer1)).find((i) => i.id === id)).toMatchObject({
      title: '待我审核',
      stateName: '一审',
      resType: 'article',
      queue: '/articleAudit',
      submitterName: 'editor1',
    })
    expect((await mine(acct.reviewer2)).some((i) => i.id === id)).toBe(false)
    await pass(acct.reviewer1.token, [id])
    expect((await mine(acct.reviewer1)).some((i) => i.id === id)).toBe(false)
    expect((await mine(acct.reviewer2)).find((i) => i.id === id)).toMatchObject({ stateName: '二审' })
    expect((await mine({ token: superToken })).find((i) => i.id === id)).toMatchObject({ stateName: '二审' })
    // One type only; one page of one row.
    const one = (await resourceList(acct.reviewer2.token, '?resType=article&page=1&pageSize=1')).body.data
    expect(one.items).toHaveLength(1)
    expect(one.total).toBeGreaterThanOrEqual(1)
    // Without 审核 on any queue the list is empty; an unknown or unpermitted type is refused.
    expect((await resourceList(acct.viewer.token)).body.data).toEqual({ items: [], total: 0 })
    expect((await resourceList(acct.viewer.token, '?resType=article')).res.statusCode).toBe(403)
    expect((await resourceList(acct.reviewer1.token, '?resType=nope')).res.statusCode).toBe(400)
    await pass(acct.reviewer2.token, [id])
    expect((await item(id)).verifyState).toBe(1)
    await setting({ processId: null })
  })

  it('禁止本人审核: nobody decides on their own submission, at any node, the super admin included', async () => {
    expect((await setting({ processId: null, fourEyes: true })).body.code).toBe(0)
    const listed = (await get(superToken, '/api/process/setting/list')).body.data.items
    expect(listed).toContainEqual(
      expect.objectContaining({ resType: 'article', fourEyes: true, processId: null }),
    )

    const own = await draft(acct.selfReviewer.token, '本人稿件')
    await submit(acct.selfReviewer.token, [own])
    for (const r of [
      await pass(acct.selfReviewer.token, [own]),
      await reject(acct.selfReviewer.token, [own], '自驳'),
    ]) {
      expect(r.res.statusCode).toBe(403)
      expect(r.body.msg).toBe(reviewMessages.selfReview)
    }
    // The same through the review-centre paths.
    const viaCentre = await post(acct.selfReviewer.token, '/api/verify-center/approved', {
      resType: 'article',
      ids: [own],
    })
    expect(viaCentre.body.msg).toBe(reviewMessages.selfReview)
    // A batch holding one own item changes nothing.
    const other = await draft(acct.editor.token, '他人稿件')
    await submit(acct.editor.token, [other])
    expect((await pass(acct.selfReviewer.token, [other, own])).res.statusCode).toBe(403)
    expect((await item(other)).verifyState).toBe(3)
    expect((await pass(acct.selfReviewer.token, [other])).body.code).toBe(0)
    expect((await pass(acct.reviewer1.token, [own])).body.code).toBe(0)

    // At a later node of a process too, and for the super administrator.
    const p = await processWith('本人流程', [{ name: '一审' }, { name: '二审' }])
    expect((await setting({ processId: p.id })).body.code).toBe(0)
    // Left out, fourEyes keeps its value.
    expect(
      (await get(superToken, '/api/process/setting/list')).body.data.items.find(
        (s: { resType: string }) => s.resType === 'article',
      ).fourEyes,
    ).toBe(true)
    const mine = await draft(superToken, '管理员稿件')
    await submit(superToken, [mine])
    expect((await pass(superToken, [mine])).body.msg).toBe(reviewMessages.selfReview)
    expect((await pass(acct.reviewer1.token, [mine])).body.code).toBe(0)
    expect((await item(mine)).processStateId).toBe(p.nodes[1])
    expect((await reject(superToken, [mine], '自驳')).res.statusCode).toBe(403)
    expect((await pass(acct.reviewer2.token, [mine])).body.code).toBe(0)
    expect((await item(mine)).verifyState).toBe(1)

    // Off again: the submitter may decide.
    expect((await setting({ processId: null, fourEyes: false })).body.code).toBe(0)
    const again = await draft(acct.selfReviewer.token, '关闭后')
    await submit(acct.selfReviewer.token, [again])
    expect((await pass(acct.selfReviewer.token, [again])).body.code).toBe(0)
  })

  it('state names: listed with defaults, renamed, restored; every account reads them, 编辑 renames', async () => {
    const list = async (token: string) => {
      const r = await get(token, '/api/content/state/list?page=1&size=1000')
      expect(r.body.code, r.body.msg).toBe(0)
      return r.body.data as {
        items: { id: number; code: string; name: string; defaultName: string }[]
        total: number
      }
    }
    const first = await list(acct.viewer.token)
    expect(first.total).toBe(REVIEW_STATUSES.length)
    expect(first.items.map((s) => [s.code, s.name])).toEqual([
      ['0', '草稿'],
      ['1', '已通过'],
      ['2', '已驳回'],
      ['3', '待审核'],
      ['PENDING', '审核中'],
      ['PASS', '审核通过'],
      ['REJECT', '审核驳回'],
      ['WITHDRAW', '已撤回'],
    ])
    const passed = first.items.find((s) => s.code === '1')!
    const rename = (token: string, name: string, id = passed.id) =>
      post(token, '/api/content/state/update', { id, name })
    expect((await rename(acct.viewer.token, '已发布')).res.statusCode).toBe(403)
    expect((await rename(superToken, ' 已发布 ')).body.code).toBe(0)
    expect((await list(acct.editor.token)).items.find((s) => s.id === passed.id)).toMatchObject({
      name: '已发布',
      defaultName: '已通过',
    })
    const blank = await rename(superToken, '   ')
    expect(blank.res.statusCode).toBe(422)
    expect(blank.body.msg).toContain(reviewStatusMessages.nameRequired)
    expect((await rename(superToken, '长'.repeat(21))).res.statusCode).toBe(422)
    expect((await rename(superToken, '未知', 999)).res.statusCode).toBe(404)
    expect((await list(superToken)).items.find((s) => s.id === passed.id)!.name).toBe('已发布')
    // Its default name restores the default.
    expect((await rename(superToken, '已通过')).body.code).toBe(0)
    expect((await list(superToken)).items.find((s) => s.id === passed.id)!.name).toBe('已通过')
    // Paged as asked.
    expect((await get(superToken, '/api/content/state/list?page=2&size=5')).body.data.items).toHaveLength(3)
  })

  it('a role still named by a node can be listed by name after rename', async () => {
    const p = await processWith('角色改名', [{ name: '节点', roleIds: [acct.reviewer1.roleId] }])
    await t.database.db.update(role).set({ name: '初审组' }).where(eq(role.id, acct.reviewer1.roleId))
    const [node] = (await get(superToken, `/api/process/state/list?processId=${p.id}`)).body.data.items
    expect(node.roles).toEqual([{ id: acct.reviewer1.roleId, name: '初审组' }])
  })
})
