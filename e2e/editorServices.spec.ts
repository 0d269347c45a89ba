import { createServer, type Server } from 'node:http'
import { E2E_PORT } from '../playwright.config.ts'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import {
  editorToolbar,
  expectRichSource,
  newArticle,
  saveAndReopen,
  setRichSource,
} from './richTextHelpers.ts'
import { sealedCall } from './sealedApi.ts'

/**
 * Stand-ins for the two third-party layout editors, on loopback: each page posts its finished layout back to the
 * console the way 秀米 (from a frame, to its parent) and 135编辑器 (from a popup, to its opener) do.
 */
const THIRD_PARTY_PORT = E2E_PORT + 8
const ORIGIN = `http://127.0.0.1:${THIRD_PARTY_PORT}`
const pages: Record<string, string> = {
  // The handlers are attributes, so a button is never on screen before it works.
  '/xiumi': `<!doctype html><meta charset="utf-8"><title>秀米</title><script>
const openId = new URLSearchParams(location.search).get('openId')
const done = () => parent.postMessage({ html: '<p>秀米排版 ' + openId + '</p>' }, '*')
</script><p id="who"></p><script>document.getElementById('who').textContent = 'openId=' + openId</script>
<button onclick="done()">完成排版</button>`,
  '/135': `<!doctype html><meta charset="utf-8"><title>135编辑器</title>
<button onclick="opener.postMessage('<p>135排版内容</p>', '*')">完成</button>`,
}
let server: Server

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const html = pages[new URL(req.url ?? '/', ORIGIN).pathname]
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html ?? 'not found')
  })
  await new Promise<void>((resolve) => server.listen(THIRD_PARTY_PORT, '127.0.0.1', resolve))
})
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

// The editor settings are the server's, shared by every spec after this one: put back what was there.
let before: unknown
test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page)
  before = (await sealedCall(page, 'GET', '/api/setting/get')).data.editor
})
test.afterEach(async ({ page }) => {
  const restored = await sealedCall(page, 'POST', '/api/setting/update', { key: 'editor', value: before })
  expect(restored.code, restored.msg).toBe(0)
})

test('秀米 and 135编辑器: configured on 运营配置, 秀米 bound to the account, each hands its layout to the editor', async ({
  page,
}) => {
  test.setTimeout(180_000)

  // 运营配置 › 编辑器设置: both third-party editors, with their page addresses and allowed message origins.
  await page.goto('/configure')
  const card = page.locator('.ant-card').filter({ hasText: '编辑器设置' })
  for (const [label, short, path] of [
    ['启用秀米', '秀米', '/xiumi?openId={openId}'],
    ['启用135编辑器', '135', '/135'],
  ] as const) {
    await card.getByRole('switch', { name: label }).click()
    await card.getByLabel(`${short}页面地址`).fill(`${ORIGIN}${path}`)
    const origins = card.getByLabel(`${short}消息来源`)
    await origins.fill(ORIGIN)
    await origins.press('Enter')
  }
  await card.getByRole('button', { name: '保存设置' }).click()
  await expectToast(page, '保存成功')

  // 秀米 needs the account's 秀米 id: not bound yet, the dialog says so.
  await newArticle(page, unique('秀米排版'))
  const bar = editorToolbar(page)
  await bar.getByRole('button', { name: '秀米' }).click()
  const xiumi = page.getByRole('dialog', { name: '秀米' })
  await expect(xiumi).toContainText('当前账号未绑定秀米账号')
  await page.keyboard.press('Escape')

  // The account editor binds it; a malformed id is refused with the rule and the form keeps what was typed.
  await page.goto('/account')
  await page
    .getByRole('row')
    .filter({ hasText: 'admin' })
    .getByRole('button', { name: '编辑' })
    .first()
    .click()
  const openIdInput = page.getByLabel('秀米账号ID')
  await openIdInput.fill('秀米 id!')
  await page.getByRole('button', { name: /保\s*存/ }).click()
  await expect(page.getByText('秀米账号ID只能包含字母、数字、下划线和连字符，最多64位')).toBeVisible()
  await expect(openIdInput).toHaveValue('秀米 id!')
  await openIdInput.fill('xm_open-001')
  await page.getByRole('button', { name: /保\s*存/ }).click()
  await expectToast(page, '修改成功')

  // 秀米 in its dialog, opened for this account; its layout comes back into the body.
  await newArticle(page, unique('秀米排版'))
  await bar.getByRole('button', { name: '秀米' }).click()
  const frame = page.frameLocator('iframe[title="秀米编辑器"]')
  await expect(frame.locator('#who')).toHaveText('openId=xm_open-001')
  await frame.getByRole('button', { name: '完成排版' }).click()
  await expect(xiumi).toBeHidden()
  await expectRichSource(page, /秀米排版 xm_open-001/)

  // 135编辑器 in a popup: its layout comes back and the popup closes.
  const popupOpened = page.waitForEvent('popup')
  await bar.getByRole('button', { name: '135编辑器' }).click()
  const popup = await popupOpened
  // The console closes the popup as soon as the layout arrives: listen before the click, or the close is missed.
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: '完成' }).click()
  await closed
  await expectRichSource(page, /135排版内容/)
})

test('嵌入内容: a player from an allowed embed origin is kept through editing and saving; any other frame goes', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto('/configure')
  const card = page.locator('.ant-card').filter({ hasText: '编辑器设置' })
  const embeds = card.getByLabel('允许嵌入的来源')
  await embeds.fill(ORIGIN)
  await embeds.press('Enter')
  await card.getByRole('button', { name: '保存设置' }).click()
  await expectToast(page, '保存成功')

  const title = unique('嵌入')
  await newArticle(page, title)
  await setRichSource(
    page,
    `<p>节目回看</p><iframe src="${ORIGIN}/player" width="500" height="300"></iframe>` +
      '<iframe src="https://evil.example/x"></iframe><p>完</p>',
  )
  // While editing the player is a labelled block (a click selects it); the other frame is gone.
  await expect(page.locator('.moc-rte-embed')).toHaveText(`嵌入内容 · 127.0.0.1:${THIRD_PARTY_PORT}`)
  const stored = new RegExp(
    `^<p>节目回看</p><iframe src="${ORIGIN}/player" width="500" height="300"></iframe><p>完</p>$`,
  )
  await expectRichSource(page, stored)
  await saveAndReopen(page, title)
  await expect(page.locator('.moc-rte-embed')).toHaveCount(1)
  await expectRichSource(page, stored)
})
