import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { expectRichSource, setRichSource } from './richTextHelpers.ts'

test('运营配置: text is saved sanitized, survives a reload, warns before losing edits, and a version is restored', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/configure')
  await expect(page.getByRole('tab', { name: '关于我们' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: '用户协议' }).click()
  await expect(page).toHaveURL(/\/configure\?type=agreement$/)

  const editor = page.getByLabel('用户协议内容')
  const preview = page.getByRole('region', { name: '用户协议预览' })
  const save = page.getByRole('button', { name: /^保\s*存$/ })
  const first = unique('第一版')
  const second = unique('第二版')

  // The preview follows the text as it is typed, without running anything in it.
  await expect(editor).toBeVisible()
  await setRichSource(page, `<h2>用户协议</h2><p onclick="alert(1)">${first}</p><script>alert(2)</script>`)
  await expect(preview.getByRole('heading', { name: '用户协议' })).toBeVisible()
  await expect(preview.getByText(first)).toBeVisible()
  await save.click()
  await expectToast(page, '保存成功')
  // The server keeps the sanitized text, which is what the field shows from now on.
  await expectRichSource(page, `<h2>用户协议</h2><p>${first}</p>`)
  await expect(save).toBeDisabled()

  await page.reload()
  await expect(editor).toContainText(first)
  await expectRichSource(page, `<h2>用户协议</h2><p>${first}</p>`)
  await expect(page.getByText(/最后保存：admin/)).toBeVisible()

  await setRichSource(page, `<h2>用户协议</h2><p>${second}</p>`)
  await save.click()
  await expectToast(page, '保存成功')
  await expect(save).toBeDisabled()

  // Switching tabs with unsaved edits asks first; cancelling keeps the edits.
  await setRichSource(page, '<p>未保存的修改</p>')
  await page.getByRole('tab', { name: '隐私政策' }).click()
  const warning = page.getByRole('dialog').filter({ hasText: '内容未保存' })
  await expect(warning).toContainText('用户协议的修改尚未保存')
  await warning.getByRole('button', { name: /取\s*消/ }).click()
  await expect(page).toHaveURL(/type=agreement$/)
  await expectRichSource(page, '<p>未保存的修改</p>')
  await page.getByRole('tab', { name: '隐私政策' }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: '内容未保存' })
    .getByRole('button', { name: /切\s*换/ })
    .click()
  await expect(page).toHaveURL(/type=privacy$/)
  await page.getByRole('tab', { name: '用户协议' }).click()
  await expect(editor).toContainText(second)
  await expectRichSource(page, `<h2>用户协议</h2><p>${second}</p>`)

  // History: newest first; the first version is shown, then restored after confirming.
  await page.getByRole('button', { name: '版本历史' }).click()
  const drawer = page.getByRole('dialog', { name: '用户协议 · 版本历史' })
  const rows = drawer.getByRole('row').filter({ hasText: 'admin' })
  await expect(rows.first()).toBeVisible()
  const firstVersion = rows.nth(1)
  await firstVersion.getByRole('button', { name: /查\s*看/ }).click()
  await expect(drawer.getByRole('region', { name: '版本内容' }).getByText(first)).toBeVisible()
  await firstVersion.getByRole('button', { name: /恢\s*复/ }).click()
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expect(page.getByText('已恢复该版本')).toBeVisible()
  await drawer.getByRole('button', { name: /close|关闭/i }).click()
  await expect(editor).toContainText(first)
  await expectRichSource(page, `<h2>用户协议</h2><p>${first}</p>`)

  await page.reload()
  await expect(editor).toContainText(first)
  await expectRichSource(page, `<h2>用户协议</h2><p>${first}</p>`)
  await page.getByRole('button', { name: '版本历史' }).click()
  // The restore is itself a new version on top: first (restored), second, first.
  await expect(
    page.getByRole('dialog', { name: '用户协议 · 版本历史' }).getByRole('row').nth(1),
  ).toContainText('admin')
})

test('系统设置 on 运营配置: the super admin keeps the operation log longer, never under 180 days', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/configure?type=aboutus')
  const card = page.locator('.ant-card').filter({ hasText: '系统设置' })
  const days = card.getByLabel('日志保留天数')
  await expect(days).toHaveValue('180')
  await days.fill('90')
  await days.blur()
  await card.getByRole('button', { name: '保存设置' }).click()
  await expect(days).toHaveValue('180')
  await days.fill('400')
  await card.getByRole('button', { name: '保存设置' }).click()
  await expectToast(page, '保存成功')
  await page.reload()
  await expect(
    page.locator('.ant-card').filter({ hasText: '系统设置' }).getByLabel('日志保留天数'),
  ).toHaveValue('400')
  await page.locator('.ant-card').filter({ hasText: '系统设置' }).getByLabel('日志保留天数').fill('180')
  await page
    .locator('.ant-card')
    .filter({ hasText: '系统设置' })
    .getByRole('button', { name: '保存设置' })
    .click()
  await expectToast(page, '保存成功')
})
