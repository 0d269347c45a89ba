import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { SYSLOG_EXPORT_MAX_ROWS } from '@moc/domain/api/syslog'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { count, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../src/app.ts'
import { admin, operationLog } from '../src/db/schema.ts'
import { pruneOperationLog } from '../src/modules/syslog/retention.ts'
import { GRANTED_PASSWORD, grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, lastSmsCode, login, startTestApp, type TestApp } from './harness.ts'

const DAY = 86_400_000
const SRC = join(import.meta.dirname, '../src')

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(body as never)
  return wb
}

/** A sheet's rows as arrays of cell values (ExcelJS rows are 1-based with an empty slot 0). */
const rowsOf = (ws: ExcelJS.Worksheet) =>
  ws
    .getSheetValues()
    .filter(Boolean)
    .map((r) => (r as unknown[]).slice(1))

describe.each(engines)('operation log on %s', (engine) => {
  let t: TestApp
  let adminToken: string
  const list = (query: Record<string, string | number>, token = adminToken) =>
    call(t.app, 'GET', `/api/system/syslog/list?${new URLSearchParams(query as Record<string, string>)}`, {
      token,
    })
  /** The log row is written once the response has gone out; wait until the expected count is there. */
  const waitForLog = async (query: Record<string, string | number>, n: number) => {
    await vi.waitFor(async () => expect((await list(query)).body.data.total).toBe(n))
    return (await list(query)).body.data.items
  }

  beforeAll(async () => {
    t = await startTestApp(engine, { LOGIN_MAX_FAILURES: '3' })
    adminToken = await login(t.app)
  })
  afterAll(() => t?.close())

  it('logs sign-in success, failures, lockout, SMS sign-in and logout under clear Chinese names', async () => {
    const { id } = await grantedAccount(t, 'signer', {})
    const attempt = (password: string) =>
      call(t.app, 'POST', '/api/admin/login', { body: { username: 'signer', password }, ip: '10.1.1.1' })
    expect((await attempt('Wrong@1234')).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    expect((await attempt('Wrong@1234')).body.code).toBe(errorCodes.LOGIN_FAILED.code)
    expect((await attempt('Wrong@1234')).body.code).toBe(errorCodes.ACCOUNT_LOCKED.code)
    expect((await attempt(GRANTED_PASSWORD)).body.code).toBe(errorCodes.ACCOUNT_LOCKED.code)

    const items = await waitForLog({ actor: 'signer', pageName: 'none' }, 4)
    expect(
      items.map((r: { action: string; result: string; code: number }) => [r.action, r.result, r.code]),
    ).toEqual([
      ['登录', 'fail', errorCodes.ACCOUNT_LOCKED.code],
      ['登录', 'fail', errorCodes.ACCOUNT_LOCKED.code],
      ['登录', 'fail', errorCodes.LOGIN_FAILED.code],
      ['登录', 'fail', errorCodes.LOGIN_FAILED.code],
    ])
    expect(items[0]).toMatchObject({ username: 'signer', ip: '10.1.1.1', page: '', status: 429 })

    // Unlock, turn on the second factor: 登录 (password step) then 短信验证登录, then 退出登录.
    await t.database.db
      .update(admin)
      .set({ lockedUntil: null, failedLogins: 0, phone: '13900000077', requireSms: true })
      .where(eq(admin.id, id))
    const first = await attempt(GRANTED_PASSWORD)
    expect(first.body.data.needSecondary).toBe(true)
    await call(t.app, 'POST', '/api/admin/user-center/sendMsg', {
      body: { purpose: 'login', ticket: first.body.data.ticket },
    })
    const done = await call(t.app, 'POST', '/api/admin/secondaryLogin', {
      body: { ticket: first.body.data.ticket, verifyCode: await lastSmsCode(t.database, '13900000077') },
    })
    expect(done.body.code).toBe(0)
    await call(t.app, 'POST', '/api/admin/logout', { token: done.body.data.token })

    const all = await waitForLog({ actor: String(id), result: 'success' }, 3)
    expect(all.map((r: { action: string; target: string }) => [r.action, r.target])).toEqual([
      ['退出登录', ''],
      ['短信验证登录', ''],
      ['登录', '密码正确，待短信验证'],
    ])
    expect(all.every((r: { adminId: number }) => r.adminId === id)).toBe(true)
  })

  it('filters by actor, page, action, result and time range, newest first, 30 a page', async () => {
    const editor = await grantedAccount(t, 'cfgeditor', powerOf({ '系统-运营配置': ['查看', '编辑'] }))
    for (const content of ['<p>一</p>', '<p>二</p>'])
      await call(t.app, 'POST', '/api/setting/update', {
        token: editor.token,
        body: { type: 'aboutus', content },
      })
    await call(t.app, 'POST', '/api/setting/style/update', {
      token: editor.token,
      body: {
        layoutType: 'horizontal',
        layoutWidth: 'fluid',
        leftSidebarType: 'dark',
        topbar: 'dark',
        loader: false,
      },
    })
    const mine = await waitForLog({ actor: 'cfgeditor' }, 3)
    expect(
      mine.map((r: { action: string; result: string; page: string }) => [r.action, r.result, r.page]),
    ).toEqual([
      ['修改样式设置', 'fail', '系统-样式设置'],
      ['修改运营配置', 'success', '系统-运营配置'],
      ['修改运营配置', 'success', '系统-运营配置'],
    ])
    expect(mine[1].target).toMatch(/^关于我们（aboutus） 版本 \d+$/)
    expect(mine[0]).toMatchObject({ status: 403, code: errorCodes.FORBIDDEN.code })
    const times = mine.map((r: { createdAt: string }) => Date.parse(r.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)

    const q = async (extra: Record<string, string | number>) =>
      (await list({ actor: 'cfgeditor', ...extra })).body.data.total
    expect(await q({ pageName: '系统-运营配置' })).toBe(2)
    expect(await q({ action: '样式' })).toBe(1)
    expect(await q({ result: 'fail' })).toBe(1)
    expect(await q({ actor: String(editor.id) })).toBe(3)
    expect(await q({ startTime: new Date(Date.now() + 60_000).toISOString() })).toBe(0)
    expect(await q({ endTime: String(Date.now() - 3_600_000) })).toBe(0)
    expect(await q({ startTime: String(Date.now() - 3_600_000), endTime: new Date().toISOString() })).toBe(3)
    // The name filter takes LIKE wildcards literally.
    expect(await q({ actor: 'cfg%' })).toBe(0)

    const paged = await list({})
    expect(paged.body.data.items.length).toBeLessThanOrEqual(30)
    expect((await list({ pageSize: 101 })).res.statusCode).toBe(422)
    expect((await list({ startTime: 'yesterday' })).res.statusCode).toBe(422)
    expect((await list({ result: 'maybe' })).res.statusCode).toBe(422)
  })

  it('names each target as it was when logged, and logs calls under the page they were made on', async () => {
    const post = (url: string, body: unknown, token = adminToken, headers?: Record<string, string>) =>
      call(t.app, 'POST', url, { token, body, headers })
    /** The rows of one target, newest first, once `n` are written. */
    const rowsOf = async (target: string, n: number) => {
      let rows: { action: string; page: string; target: string; targetName: string }[] = []
      await vi.waitFor(async () => {
        rows = (await list({ pageSize: 100 })).body.data.items.filter(
          (r: { target: string }) => r.target === target,
        )
        expect(rows).toHaveLength(n)
      })
      return rows
    }
    const named = (rows: { action: string; targetName: string }[]) =>
      rows.map((r) => [r.action, r.targetName])

    // An article: its title, renamed later; the older row keeps the old title.
    const id = (await post('/api/content/add', { kind: 'article', title: '春运首日' })).body.data.id as number
    expect((await post('/api/content/modify', { kind: 'article', id, title: '春运次日' })).body.code).toBe(0)
    expect((await post('/api/content/examination', { kind: 'article', ids: [id] })).body.code).toBe(0)
    expect(named(await rowsOf(`content:${id}`, 3))).toEqual([
      ['提交审核', '春运次日'],
      ['编辑内容', '春运次日'],
      ['新增内容', '春运首日'],
    ])

    // An account by its name; a role by its name, renamed; the review type by its label; a node by its name.
    const someone = await grantedAccount(t, 'named-editor', powerOf({ '内容-文章': ['查看'] }))
    expect((await post('/api/admin/security', { id: someone.id, requireSms: false })).body.code).toBe(0)
    expect(named(await rowsOf(`admin:${someone.id}`, 1))).toEqual([['修改登录验证方式', 'named-editor']])
    const roleId = (await post('/api/role', { name: '值班编辑' })).body.data.id as number
    expect((await post('/api/role/modify', { id: roleId, name: '夜班编辑' })).body.code).toBe(0)
    expect(named(await rowsOf(`role:${roleId}`, 2))).toEqual([
      ['修改角色', '夜班编辑'],
      ['新增角色', '值班编辑'],
    ])
    expect((await post('/api/process/setting', { resType: 'article', processId: null })).body.code).toBe(0)
    expect(named(await rowsOf('resType:article', 1))).toEqual([['设置审核流程', '文章']])
    const processId = (await post('/api/process/create', { name: '日志流程', description: '' })).body.data
      .id as number
    const node = await post('/api/process/state/create', {
      processId,
      name: '主编终审',
      roleIds: [],
      adminIds: [],
    })
    expect(named(await rowsOf(`process_state:${node.body.data.id}`, 1))).toEqual([
      ['新增审核节点', '主编终审'],
    ])

    // Rows written before names were kept show their ids: nothing rewrites them.
    const [old] = await t.database.db
      .insert(operationLog)
      .values({
        action: '编辑内容',
        method: 'POST',
        path: '/api/content/modify',
        target: `content:${id}`,
        result: 'success',
        code: 0,
        status: 200,
      })
      .returning({ id: operationLog.id })
    const oldRow = (await rowsOf(`content:${id}`, 4)).find(
      (r) => (r as unknown as { id: number }).id === old!.id,
    )
    expect(oldRow).toMatchObject({ targetName: '' })

    // 新增部门 is the organisation screen's (组织架构), though it needs 系统-账号 编辑.
    const dept = await post('/api/structure/create', { name: '日志测试部', parentId: null })
    expect(dept.body.code).toBe(0)
    expect(await rowsOf(`department:${dept.body.data.id}`, 1)).toMatchObject([
      { action: '新增部门', page: '组织架构', targetName: '日志测试部' },
    ])
    // 敏感词检测, open to any signed-in account: the page of the screen it was made on, if the caller may open it.
    const screen = (path: string) => ({ 'x-moc-screen': path })
    const checker = await grantedAccount(t, 'checker', powerOf({ '内容-文章': ['查看', '编辑'] }))
    for (const path of ['/contentArticleDetail', '/contentVideoDetail', '/no-such-screen'])
      expect(
        (await post('/api/sensitive-word/check', { text: '正文' }, checker.token, screen(path))).body.code,
      ).toBe(0)
    expect((await post('/api/sensitive-word/check', { text: '正文' }, checker.token)).body.code).toBe(0)
    const checks = await waitForLog({ actor: 'checker', action: '敏感词检测' }, 4)
    expect(checks.map((r: { page: string }) => r.page)).toEqual(['', '', '', '内容-文章'])
  })

  it('offers every logged action name with its page', async () => {
    const { body } = await call(t.app, 'GET', '/api/system/syslog/options', { token: adminToken })
    expect(body.data.actions).toEqual(
      expect.arrayContaining([
        { action: '登录', page: '' },
        { action: '短信验证登录', page: '' },
        { action: '退出登录', page: '' },
        { action: '修改运营配置', page: '系统-运营配置' },
        { action: '修改系统设置', page: '系统-运营配置' },
        { action: '导出操作日志', page: '系统-操作日志' },
        // Logged by a GET route only (spec §7 has writes as GETs).
        { action: '申请直传凭证', page: '' },
      ]),
    )
  })

  it('gates the log: 查看 lists, 导出 exports, others are refused', async () => {
    const viewer = await grantedAccount(t, 'logviewer', powerOf({ '系统-操作日志': ['查看'] }))
    const other = await grantedAccount(t, 'nolog', powerOf({ '系统-运营配置': ['查看'] }))
    expect((await list({}, viewer.token)).body.code).toBe(0)
    const refused = await call(t.app, 'POST', '/api/system/syslog', { token: viewer.token, body: {} })
    expect([refused.res.statusCode, refused.body.code]).toEqual([403, errorCodes.FORBIDDEN.code])
    expect((await list({}, other.token)).res.statusCode).toBe(403)
    expect((await call(t.app, 'GET', '/api/system/syslog/list')).res.statusCode).toBe(401)
  })

  it('exports the filtered log as .xlsx, newest first, in the asked time zone', async () => {
    const exporter = await grantedAccount(t, 'exporter', powerOf({ '系统-操作日志': ['查看', '导出'] }))
    const filters = { actor: 'cfgeditor', pageName: '系统-运营配置' }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/system/syslog',
      headers: { 'x-auth-token': exporter.token },
      payload: { ...filters, timeZone: 'Asia/Shanghai' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="syslog-\d{14}\.xlsx"; filename\*=UTF-8''/,
    )
    expect(res.headers['x-export-rows']).toBe('2')
    const wb = await readXlsx(res.rawPayload)
    expect(wb.worksheets.map((w) => w.name)).toEqual(['操作日志'])
    const [header, ...rows] = rowsOf(wb.getWorksheet('操作日志')!)
    expect(header?.slice(0, 9)).toEqual([
      '时间',
      '账号',
      '账号ID',
      '页面',
      '操作',
      '操作对象',
      '结果',
      '结果码',
      '说明',
    ])
    expect(rows).toHaveLength(2)
    const listed = (await list(filters)).body.data.items
    rows.forEach((row, i) => {
      const item = listed[i]
      const shanghai = new Date(Date.parse(item.createdAt) + 8 * 3_600_000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ')
      expect(row.slice(0, 8)).toEqual([
        shanghai,
        'cfgeditor',
        item.adminId,
        '系统-运营配置',
        '修改运营配置',
        item.target,
        '成功',
        0,
      ])
    })

    // A failure carries its code and the code's meaning; the export itself is logged.
    const fails = await t.app.inject({
      method: 'POST',
      url: '/api/system/syslog',
      headers: { 'x-auth-token': exporter.token },
      payload: { actor: 'signer', result: 'fail' },
    })
    const failRows = rowsOf((await readXlsx(fails.rawPayload)).getWorksheet('操作日志')!).slice(1)
    expect(failRows[0]?.slice(6, 9)).toEqual([
      '失败',
      errorCodes.ACCOUNT_LOCKED.code,
      errorCodes.ACCOUNT_LOCKED.msg,
    ])
    const logged = await waitForLog({ actor: 'exporter', action: '导出操作日志' }, 2)
    expect(logged.map((r: { target: string }) => r.target)).toEqual(['导出 4 条', '导出 2 条'])

    const bad = await call(t.app, 'POST', '/api/system/syslog', {
      token: exporter.token,
      body: { actor: 'x', columns: ['ip'] },
    })
    expect(bad.res.statusCode).toBeGreaterThanOrEqual(400)
    expect(bad.res.headers['content-type']).toMatch(/json/)
    expect(
      (
        await call(t.app, 'POST', '/api/system/syslog', {
          token: exporter.token,
          body: { timeZone: 'Mars/Base' },
        })
      ).res.statusCode,
    ).toBe(422)
  })

  it(`caps an export at ${SYSLOG_EXPORT_MAX_ROWS} rows and says so in a 说明 sheet`, async () => {
    const extra = 7
    await t.database.db.execute(sql`
      insert into operation_log (username, page, action, method, path, result, code, status, created_at)
      select 'bulk', '测试-导出', '批量', 'POST', '/api/bulk', 'success', 0, 200, now() - (g || ' seconds')::interval
      from generate_series(1, ${SYSLOG_EXPORT_MAX_ROWS + extra}) g`)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/system/syslog',
      headers: { 'x-auth-token': adminToken },
      payload: { pageName: '测试-导出' },
    })
    expect(res.headers['x-export-total']).toBe(String(SYSLOG_EXPORT_MAX_ROWS + extra))
    const wb = await readXlsx(res.rawPayload)
    expect(wb.getWorksheet('操作日志')!.actualRowCount).toBe(SYSLOG_EXPORT_MAX_ROWS + 1)
    expect(String(rowsOf(wb.getWorksheet('说明')!)[0]?.[0])).toContain(
      `共 ${SYSLOG_EXPORT_MAX_ROWS + extra} 条`,
    )
    await t.database.db.delete(operationLog).where(eq(operationLog.page, '测试-导出'))
  }, 120_000)

  it('prunes rows older than the retention (default 180 days, at least 180) and keeps newer ones', async () => {
    const now = new Date()
    const at = (days: number) => new Date(now.getTime() - days * DAY)
    const seed = (days: number) => ({
      username: `aged${days}`,
      action: '测试',
      method: 'POST',
      path: '/api/test',
      result: 'success',
      code: 0,
      status: 200,
      createdAt: at(days),
    })
    await t.database.db.insert(operationLog).values([seed(400), seed(200), seed(179)])
    const names = async () =>
      (
        await t.database.db
          .select({ u: operationLog.username })
          .from(operationLog)
          .where(eq(operationLog.action, '测试'))
      )
        .map((r) => r.u)
        .sort()

    expect(
      (await call(t.app, 'GET', '/api/setting/get', { token: adminToken })).body.data['log.retentionDays'],
    ).toBe(180)
    expect(await pruneOperationLog(t.ctx, now)).toBe(2)
    expect(await names()).toEqual(['aged179'])

    // Longer retention keeps more; shorter than 180 days is refused.
    const set = (value: unknown) =>
      call(t.app, 'POST', '/api/setting/update', {
        token: adminToken,
        body: { key: 'log.retentionDays', value },
      })
    expect((await set(365)).body.code).toBe(0)
    await t.database.db.insert(operationLog).values([seed(400), seed(300)])
    expect(await pruneOperationLog(t.ctx, now)).toBe(1)
    expect(await names()).toEqual(['aged179', 'aged300'])
    for (const v of [179, 30, 0, 180.5, '365'])
      expect((await set(v)).res.statusCode, `retention ${v}`).toBe(422)
    expect(
      (await call(t.app, 'GET', '/api/setting/get', { token: adminToken })).body.data['log.retentionDays'],
    ).toBe(365)
    expect((await set(180)).body.code).toBe(0)
  })

  it('runs the retention task when the app starts, and stops it when the app closes', async () => {
    await t.database.db.insert(operationLog).values({
      username: 'ancient',
      action: '测试',
      method: 'POST',
      path: '/api/test',
      result: 'success',
      code: 0,
      status: 200,
      createdAt: new Date(Date.now() - 1000 * DAY),
    })
    const second = await buildApp(t.ctx, { logger: false, web: false })
    await second.ready()
    await vi.waitFor(async () => {
      const [left] = await t.database.db
        .select({ n: count() })
        .from(operationLog)
        .where(eq(operationLog.username, 'ancient'))
      expect(left?.n).toBe(0)
    })
    await second.close()
  })

  it('is append-only: no route edits or deletes log rows, and only the retention task deletes', async () => {
    const before = await t.database.db.select().from(operationLog).orderBy(operationLog.id)
    // The only log routes: list, filter options and export.
    const logRoutes = t.app.accessTable
      .filter((r) => r.url.includes('syslog'))
      .map((r) => `${r.method} ${r.url}`)
    expect(logRoutes.sort()).toEqual([
      'GET /api/system/syslog/list',
      'GET /api/system/syslog/options',
      'POST /api/system/syslog',
    ])
    for (const [method, url] of [
      ['DELETE', '/api/system/syslog'],
      ['PUT', '/api/system/syslog'],
      ['PATCH', '/api/system/syslog/list'],
      ['POST', '/api/system/syslog/delete'],
      ['POST', '/api/system/syslog/update'],
      ['POST', '/api/system/syslog/remove'],
      ['POST', '/api/system/syslog/clear'],
      ['DELETE', `/api/system/syslog/${before[0]!.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-auth-token': adminToken }, payload: {} })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    await vi.waitFor(async () => {
      const after = await t.database.db.select().from(operationLog).orderBy(operationLog.id)
      // Every earlier row is still there, unchanged; the refused calls only appended.
      expect(after.slice(0, before.length)).toEqual(before)
      expect(after.length).toBeGreaterThan(before.length)
    })

    // In the code: nothing updates the log; only the retention task deletes from it.
    const writers: string[] = []
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8')
      if (/\.update\(\s*operationLog\b|update\s+"?operation_log"?/i.test(text))
        writers.push(`update: ${file}`)
      if (
        /\.delete\(\s*operationLog\b|delete\s+from\s+"?operation_log"?|truncate\s+"?operation_log/i.test(text)
      )
        writers.push(`delete: ${file}`)
    }
    expect(writers.map((w) => w.replace(SRC, 'src'))).toEqual(['delete: src/modules/syslog/retention.ts'])
  })
})
