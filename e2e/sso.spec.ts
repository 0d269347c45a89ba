import { createHash, randomBytes } from 'node:crypto'
import { ADMIN, expect, signInAsAdmin, test, unique } from './fixtures.ts'

test('a client app registered on 单点登录应用 signs a console user in through /sso/authorize', async ({
  page,
  browser,
  baseURL,
}) => {
  // The super admin registers the app and copies its secret.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInAsAdmin(page)
  await page.goto('/ssoClients')
  await page.getByRole('button', { name: '添加应用' }).click()
  const form = page.getByRole('dialog', { name: '添加应用' })
  const name = unique('云剪辑')
  // The redirect URI lies on the e2e server itself, so no outside network is needed.
  const redirectUri = `${baseURL}/404?from=sso`
  await form.getByLabel('应用名称').fill(name)
  await form.getByLabel('回调地址').fill('http://example.com/cb')
  await form.getByRole('button', { name: /保\s*存/ }).click()
  await expect(form.getByText(/须为 https 地址/).first()).toBeVisible()
  await form.getByLabel('回调地址').fill(redirectUri)
  await form.getByRole('button', { name: /保\s*存/ }).click()

  const shown = page.getByRole('dialog', { name: '请保存应用密钥' })
  await expect(shown.getByText(/只显示这一次/)).toBeVisible()
  const clientId = (await shown.getByTestId('sso-client-id').innerText()).trim()
  const secretField = shown.getByTestId('sso-client-secret')
  await secretField.getByRole('button').click()
  const secret = await page.evaluate(() => navigator.clipboard.readText())
  expect(secret).toMatch(/^[\w-]{43}$/)
  expect(await secretField.innerText()).toContain(secret)
  await shown.getByRole('button', { name: '我已保存' }).click()
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(clientId)
  await expect(page.getByText(secret)).toHaveCount(0)

  // A browser that is not signed in follows the app's authorization request.
  const context = await browser.newContext({ locale: 'zh-CN' })
  const visitor = await context.newPage()
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const params = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: 'openid profile',
    redirect_uri: redirectUri,
    state: 'e2e-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })
  await visitor.goto(`/api/oidc/auth?${params}`)
  await expect(visitor).toHaveURL(/\/login\?redirect=%2Fsso%2Fauthorize/)
  await visitor.getByLabel('用户名').fill(ADMIN.username)
  await visitor.getByLabel('密码').fill(ADMIN.password)
  await visitor.getByRole('button', { name: /登\s*录/ }).click()

  await expect(visitor).toHaveURL(/\/sso\/authorize\?uid=/)
  await expect(visitor.getByText(`「${name}」申请使用你的后台账号登录`)).toBeVisible()
  await expect(visitor.getByText('读取你的用户名和角色')).toBeVisible()
  await visitor.getByRole('button', { name: '同意授权' }).click()

  await expect(visitor).toHaveURL(/\/404\?from=sso&code=/)
  const back = new URL(visitor.url())
  expect(back.searchParams.get('state')).toBe('e2e-state')
  const code = back.searchParams.get('code')!

  // The app exchanges the code with the copied secret and the PKCE verifier.
  const tokens = await visitor.request.post('/api/oidc/token', {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
  })
  expect(tokens.status()).toBe(200)
  const userinfo = await visitor.request.get('/api/oidc/me', {
    headers: { authorization: `Bearer ${(await tokens.json()).access_token}` },
  })
  expect(await userinfo.json()).toMatchObject({ preferred_username: ADMIN.username })
  await context.close()
})

test('an unknown or finished authorization request says so on /sso/authorize', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/sso/authorize?uid=no-such-request')
  await expect(page.getByText('授权请求已失效，请重新发起')).toBeVisible()
  await expect(page.getByRole('button', { name: '同意授权' })).toHaveCount(0)
})
