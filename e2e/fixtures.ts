import { type Browser, test as base, expect, type Locator, type Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../playwright.config.ts'

export { expect }
export const ADMIN = { username: 'admin', password: E2E_ADMIN_PASSWORD }

/** Every page fails its test on a Content-Security-Policy violation: the strict CSP must hold for the real app. */
/** Records each toast a page shows (see `expectToast`); installed once per document. */
function recordToasts() {
  const w = window as unknown as { __toasts?: string[] }
  if (w.__toasts) return
  const log: string[] = []
  w.__toasts = log
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes)
        if (n instanceof HTMLElement) {
          const notices = n.matches('.ant-message-notice')
            ? [n]
            : [...n.querySelectorAll<HTMLElement>('.ant-message-notice')]
          for (const notice of notices) log.push(notice.textContent ?? '')
        }
  }).observe(document, { childList: true, subtree: true })
}

export const test = base.extend<
  { cspViolations: string[]; toastLog: undefined },
  { toastContexts: undefined }
>({
  // Toasts last 1 s (spec §9): a busy machine can miss one between two polls, so every page records the
  // toasts it shows and `expectToast` reads that record instead of racing the screen. The default context
  // gets the recorder here, and every context a spec opens with `browser.newContext` through toastContexts.
  toastLog: [
    async ({ context }, use) => {
      await context.addInitScript(recordToasts)
      await use(undefined)
    },
    { auto: true },
  ],
  toastContexts: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const context = await newContext(options)
        await context.addInitScript(recordToasts)
        return context
      }
      await use(undefined)
    },
    { scope: 'worker', auto: true },
  ],
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = []
      await page.exposeFunction('__reportCsp', (v: string) => violations.push(v))
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp(
            `${e.violatedDirective} ${e.blockedURI}`,
          ),
        )
      })
      await use(violations)
      expect(violations, 'CSP violations').toEqual([])
    },
    { auto: true },
  ],
})

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码').fill(password)
  await page.getByRole('button', { name: /登\s*录/ }).click()
}

export async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN.username, ADMIN.password)
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** Unique names per test run so specs never collide on the shared server. */
export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
export const uniquePhone = () => `139${String(Date.now()).slice(-8)}`

/** Reads the newest code sent to a phone from the 短信发件箱 screen, as a super admin in a separate window. */
export async function smsCodeFromOutbox(browser: Browser, phone: string): Promise<string> {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  await signInAsAdmin(page)
  await page.goto('/smsOutbox')
  const row = page.getByRole('row').filter({ hasText: phone }).first()
  await expect(row).toBeVisible()
  const code = (await row.textContent())?.match(/验证码为(\d{6})/)?.[1]
  await context.close()
  if (!code) throw new Error(`no code for ${phone} in the outbox`)
  return code
}

/**
 * Opens an antd dropdown and clicks one entry. Under load antd first draws the menu at the top of the page
 * and then moves it under its trigger; clicking during that move misses, so wait until it has settled.
 */
export async function chooseFromDropdown(page: Page, trigger: Locator, entry: string) {
  await trigger.click()
  const item = page.getByRole('menuitem', { name: entry })
  await expect
    .poll(async () => {
      const [t, i] = [await trigger.boundingBox(), await item.boundingBox()]
      return !!t && !!i && i.y >= t.y + t.height
    })
    .toBe(true)
  await item.click()
}

export const USER_PASSWORD = 'Editor@2026'

/** Registers an account through /register (it then waits for approval). */
export async function registerAccount(page: Page, username: string, phone: string) {
  await page.goto('/register')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('姓名').fill('测试编辑')
  await page.getByLabel('邮箱').fill(`${username}@example.com`)
  await page.getByLabel('手机号').fill(phone)
  await page.getByLabel('密码', { exact: true }).fill(USER_PASSWORD)
  await page.getByLabel('确认密码').fill(USER_PASSWORD)
  await page.getByRole('button', { name: /注\s*册/ }).click()
  await expect(page).toHaveURL(/\/login/)
}

/** Registers an account and approves it on /account as the super admin in a second window (left open). */
export async function registeredAndApproved(page: Page, browser: Browser, prefix = 'ed') {
  const username = unique(prefix)
  const phone = uniquePhone()
  await registerAccount(page, username, phone)
  const adminContext = await browser.newContext({ locale: 'zh-CN' })
  const adminPage = await adminContext.newPage()
  await signInAsAdmin(adminPage)
  await adminPage.goto('/account')
  const row = adminPage.getByRole('row').filter({ hasText: username })
  await expect(row.getByText('待审批')).toBeVisible()
  await row.getByRole('button', { name: /通\s*过/ }).click()
  await expect(row.getByText('启用')).toBeVisible()
  return { username, phone, adminPage, adminContext }
}

/**
 * A fresh admin window whose saved preferences have arrived: specs that change the shared admin's theme or
 * language reset them here, and must not act before the server's copy would overwrite the reset.
 */
export async function adminWindowWithPreferences(browser: Browser) {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/preferences' && r.request().method() === 'GET',
  )
  await signInAsAdmin(page)
  await saved
  return { page, context }
}

/**
 * Waits for a toast reading exactly `text` on `page` and consumes it from the page's toast record, so a second
 * call waits for a second toast. Works even when the toast came and went between two checks.
 */
export async function expectToast(page: Page, text: string, timeout = 15_000) {
  try {
    await expect
      .poll(
        () =>
          page.evaluate((t) => {
            const log = (window as unknown as { __toasts?: string[] }).__toasts ?? []
            const i = log.findIndex((x) => x.trim() === t)
            if (i >= 0) log.splice(i, 1)
            return i >= 0
          }, text),
        { timeout, message: `toast 「${text}」` },
      )
      .toBe(true)
  } catch (err) {
    // The toasts that did come (an error's words) say why the expected one did not.
    const seen = await page
      .evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? [])
      .catch(() => [])
    throw new Error(`toast 「${text}」 not shown; toasts seen: ${JSON.stringify(seen)}\n${err}`)
  }
}
