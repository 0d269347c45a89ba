import { accountWith, windowFor } from './accountHelpers.ts'
import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

const OK = /确\s*定/

test('edit lock: a second editor sees the holder read-only; the super admin breaks it; 展示状态 column', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  const title = unique('编辑锁')
  const added = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'article',
    title,
    body: '<p>锁</p>',
    displayStart: '2099-01-01T00:00:00.000Z',
  })
  expect(added.code).toBe(0)
  const id = added.data.id as number

  // An editor (role through the API) opens the article and holds its lock.
  const { username } = await accountWith(page, '锁编辑', 'lk', { '内容-文章': ['查看', '添加', '编辑'] }, [
    '/contentArticle',
  ])
  const { page: editor, context } = await windowFor(browser, username)
  await editor.goto(`/contentArticleDetail?id=${id}`)
  await expect(editor.getByLabel('标题')).toBeEditable()
  await expect(editor.getByRole('button', { name: /^保\s*存$/ })).toBeVisible()

  // The super admin, a second editor, sees the holder and a read-only form.
  await page.goto(`/contentArticleDetail?id=${id}`)
  const banner = page.getByRole('alert').filter({ hasText: `${username} 正在编辑此内容，当前为只读` })
  await expect(banner).toBeVisible()
  await expect(page.getByLabel('标题')).toBeDisabled()
  await expect(page.getByRole('button', { name: /^保\s*存$/ })).toHaveCount(0)

  // 强制解锁 asks first; then the form is the admin's.
  await banner.getByRole('button', { name: '强制解锁' }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定强制解锁？' })
    .getByRole('button', { name: OK })
    .click()
  await expectToast(page, '已强制解锁')
  await expect(banner).toHaveCount(0)
  await expect(page.getByLabel('标题')).toBeEditable()
  await expect(page.getByRole('button', { name: /^保\s*存$/ })).toBeVisible()

  // The editor, reopening, now finds the admin holding it, with no 强制解锁 for them.
  await editor.reload()
  const theirs = editor.getByRole('alert').filter({ hasText: 'admin 正在编辑此内容，当前为只读' })
  await expect(theirs).toBeVisible()
  await expect(theirs.getByRole('button', { name: '强制解锁' })).toHaveCount(0)
  await expect(editor.getByLabel('标题')).toBeDisabled()

  // Leaving the form releases the lock: the editor gets it on the next visit.
  const released = page.waitForResponse((r) => r.url().includes('/api/content/article/unlock'))
  await page.getByRole('button', { name: /返\s*回/ }).click()
  await expect(page).toHaveURL(/\/contentArticle(\?|$)/)
  expect((await released).ok()).toBe(true)
  await editor.reload()
  await expect(editor.getByLabel('标题')).toBeEditable()
  await context.close()

  // The list shows the display window: a start in the future is 未开始.
  await page.goto('/contentArticle?type=draft')
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(page.getByRole('columnheader', { name: '展示状态' })).toBeVisible()
  await expect(row.getByText('未开始')).toBeVisible()
})
