import { expect as baseExpect, signInAsAdmin, test, unique } from './fixtures.ts'

const OK = /确\s*定/
// The machine is shared: states are awaited with room to spare, toasts (1 s) are not relied on.
const expect = baseExpect.configure({ timeout: 30_000 })

for (const [path, label] of [
  ['/contentTags', '内容标签'],
  ['/userTags', '用户标签'],
] as const)
  test(`${path}: add, refuse a taken name, rename, recent tags, delete in batch`, async ({ page }) => {
    test.setTimeout(150_000)
    await signInAsAdmin(page)
    await page.goto(path)
    const names = [unique(`${label}甲`), unique(`${label}乙`)]
    for (const name of names) {
      await page.getByRole('button', { name: '新增标签' }).click()
      const dialog = page.getByRole('dialog').filter({ hasText: '新增标签' })
      await dialog.getByLabel('标签名称').fill(name)
      await dialog.getByRole('button', { name: OK }).click()
      await expect(dialog).toBeHidden()
    }
    // The same name again is refused by the server and the dialog stays open.
    await page.getByRole('button', { name: '新增标签' }).click()
    const again = page.getByRole('dialog').filter({ hasText: '新增标签' })
    await again.getByLabel('标签名称').fill(names[0]!)
    await again.getByRole('button', { name: OK }).click()
    await expect(page.getByText('标签名称已存在')).toBeVisible()
    // The refused save settles (its 确定 stops loading) before the dialog is closed.
    await expect(again.getByRole('button', { name: OK })).not.toHaveClass(/ant-btn-loading/)
    await again.getByRole('button', { name: /取\s*消/ }).click()
    await expect(again).toBeHidden()

    await page.getByLabel('按标签名称搜索').fill(label)
    await page.getByRole('button', { name: /搜\s*索/ }).click()
    await expect(page.getByRole('row').filter({ hasText: names[0]! })).toBeVisible()
    await expect(page.getByText('最近使用：')).toBeVisible()

    // Rename the first.
    const renamed = `${names[0]}改`
    await page.getByRole('row').filter({ hasText: names[0]! }).getByRole('button', { name: '重命名' }).click()
    const rename = page.getByRole('dialog').filter({ hasText: '重命名标签' })
    await rename.getByLabel('标签名称').fill(renamed)
    await rename.getByRole('button', { name: OK }).click()
    await expect(page.getByRole('row').filter({ hasText: renamed })).toBeVisible()

    // Delete both in one batch, confirmed.
    await page.getByRole('row').filter({ hasText: renamed }).getByRole('checkbox').check()
    await page.getByRole('row').filter({ hasText: names[1]! }).getByRole('checkbox').check()
    await page.getByRole('button', { name: '批量删除' }).click()
    await expect(page.getByRole('dialog')).toContainText('确定删除选中的2个标签？')
    await page.getByRole('dialog').getByRole('button', { name: OK }).click()
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0)
    await expect(page.getByRole('row').filter({ hasText: names[1]! })).toHaveCount(0)
  })
