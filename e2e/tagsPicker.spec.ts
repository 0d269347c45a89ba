import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

test('文章表单: paged tag select (load more, create inline), 媒体号 select; saved and shown after reload', async ({
  page,
}) => {
  await signInAsAdmin(page)
  // 16 tags sharing a prefix: one page of 15, then one more on scroll.
  const prefix = unique('标')
  for (let i = 0; i < 16; i++) {
    const r = await sealedCall(
      page,
      'GET',
      `/api/tag/add?type=0&name=${encodeURIComponent(`${prefix}-${i}`)}`,
    )
    expect(r.code, r.msg).toBe(0)
  }
  // An account the picker offers: applied for, submitted and approved (decision 0043).
  const accountName = unique('媒体号')
  const acct = await sealedCall(page, 'POST', '/api/mediaAccount/insert', {
    name: accountName,
    type: 'media',
    avatar: '/files/image/2026-11/media-avatar.png',
    certification: '/files/attachment/2026-11/licence.pdf',
    contactName: '王主任',
    contactPhone: '13900000000',
  })
  expect(acct.code, acct.msg).toBe(0)
  for (const [url, body] of [
    ['/api/mediaAccount/examination', { ids: [acct.data.id] }],
    ['/api/verify-center/mediaVerify', { id: acct.data.id, verifyState: 1 }],
  ] as const) {
    const r = await sealedCall(page, 'POST', url, body)
    expect(r.code, `${url} ${r.msg}`).toBe(0)
  }

  await page.goto('/contentArticleDetail')
  await expect(page.getByLabel('正文')).toBeVisible()
  const title = unique('带标签文章')
  await page.getByLabel('标题').fill(title)

  // Search as you type: the newest 15 first, the oldest after scrolling to the end.
  const tags = page.getByRole('combobox', { name: '标签' })
  const findTags = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tag/findTags')
  let answered = findTags()
  await tags.click()
  await answered
  // The newest tags overall are these too: wait for the search's own answer before scrolling its list.
  answered = findTags()
  await tags.fill(prefix)
  await answered
  const popup = page.locator('.ant-select-dropdown:visible')
  await expect(popup.getByTitle(`${prefix}-15`, { exact: true })).toBeVisible()
  await expect(popup.getByTitle(`${prefix}-0`, { exact: true })).toHaveCount(0)
  await expect(popup.getByText('已加载完毕')).toHaveCount(0)
  // Scroll to the end of the list: the next page loads, and it is the last.
  const list = popup.locator('[class*="-list-holder"]').first()
  const toEnd = () =>
    list.evaluate((el) => {
      el.scrollTop = el.scrollHeight
    })
  await toEnd()
  await expect(popup.getByText('已加载完毕')).toBeVisible()
  await toEnd()
  await popup.getByTitle(`${prefix}-0`, { exact: true }).click()

  // Create a tag inline from what was typed; it is selected at once.
  const fresh = unique('新标签')
  await tags.fill(fresh)
  await popup.getByRole('button', { name: `添加标签「${fresh}」` }).click()
  const field = page.locator('.ant-form-item').filter({ has: page.getByText('标签', { exact: true }) })
  await expect(field.getByText(fresh)).toBeVisible()
  await expect(field.getByText(`${prefix}-0`)).toBeVisible()
  await page.keyboard.press('Escape')

  // The 媒体号 select lists usable accounts by name.
  const media = page.getByRole('combobox', { name: '媒体号' })
  await media.click()
  await media.fill(accountName)
  await popup.getByTitle(accountName, { exact: true }).click()

  await page.getByRole('button', { name: /^保\s*存$/ }).click()
  await expectToast(page, '保存成功')

  // Reopen: the names (not ids) come back in both selects.
  await page.goto('/contentArticle?type=draft')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /编\s*辑/ })
    .click()
  await expect(page.getByLabel('标题')).toHaveValue(title)
  await page.reload()
  await expect(page.getByLabel('标题')).toHaveValue(title)
  const form = page.locator('form')
  await expect(form.getByText(fresh)).toBeVisible()
  await expect(form.getByText(`${prefix}-0`)).toBeVisible()
  await expect(form.getByText(accountName)).toBeVisible()

  // The reviewer's read-only detail names them too.
  const id = new URL(page.url()).searchParams.get('id')
  const submitted = await sealedCall(page, 'POST', '/api/content/examination', {
    kind: 'article',
    ids: [Number(id)],
  })
  expect(submitted.code, submitted.msg).toBe(0)
  await page.goto(`/articleAuditDetail?id=${id}`)
  const detail = page.locator('.ant-descriptions')
  await expect(
    detail.getByText(`${fresh}、${prefix}-0`).or(detail.getByText(`${prefix}-0、${fresh}`)),
  ).toBeVisible()
  await expect(detail.getByText(accountName, { exact: true })).toBeVisible()

  // Recent picks come first next time (spec §9: keep 5).
  await page.goto(`/contentArticleDetail?id=${id}`)
  await page.getByRole('combobox', { name: '标签' }).click()
  await expect(popup.getByText('最近使用')).toBeVisible()
})
