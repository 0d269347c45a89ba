import { expect as baseExpect, expectToast, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'

// The machine is shared: states are awaited with room to spare, toasts (1 s) are not relied on.
const expect = baseExpect.configure({ timeout: 30_000 })

// The tag screens are the engine's lists of the two tag definitions (decision 0037): the form opens in a drawer.
for (const [path, label] of [
  ['/contentTags', '内容标签'],
  ['/userTags', '用户标签'],
] as const)
  test(`${path}: add, refuse a taken name, rename, search, delete in batch`, async ({ page }) => {
    test.setTimeout(150_000)
    await signInAsAdmin(page)
    await page.goto(path)
    const names = [unique(`${label}甲`), unique(`${label}乙`)]
    const drawer = page.getByRole('dialog', { name: '新增标签' })
    for (const name of names) {
      await page.getByRole('button', { name: '新增标签' }).click()
      await drawer.getByLabel('标签名称').fill(name)
      await button(drawer, '保存').click()
      await expect(drawer).toBeHidden()
    }
    // The same name again is refused by the server and the drawer stays open; leaving it asks first.
    await page.getByRole('button', { name: '新增标签' }).click()
    await drawer.getByLabel('标签名称').fill(names[0]!)
    await button(drawer, '保存').click()
    await expect(drawer.getByText('标签名称已存在')).toBeVisible()
    await page.keyboard.press('Escape')
    await button(page.getByRole('dialog').filter({ hasText: '内容未保存' }), '离开').click()
    await expect(drawer).toBeHidden()

    // Search by name; 重置 lists every tag again.
    await page.getByLabel('标签名称').fill(names[0]!)
    await button(page, '搜索').click()
    await expect(page.getByRole('row').filter({ hasText: names[0]! })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: names[1]! })).toHaveCount(0)
    await button(page, '重置').click()
    await expect(page.getByRole('row').filter({ hasText: names[1]! })).toBeVisible()

    // Rename the first.
    const renamed = `${names[0]}改`
    await button(page.getByRole('row').filter({ hasText: names[0]! }), '编辑').click()
    const edit = page.getByRole('dialog', { name: '编辑标签' })
    await expect(edit.getByLabel('标签名称')).toHaveValue(names[0]!)
    await edit.getByLabel('标签名称').fill(renamed)
    await button(edit, '保存').click()
    await expectToast(page, '保存成功')
    await expect(page.getByRole('row').filter({ hasText: renamed })).toBeVisible()

    // Delete both in one batch, confirmed.
    await page.getByRole('row').filter({ hasText: renamed }).getByRole('checkbox').check()
    await page.getByRole('row').filter({ hasText: names[1]! }).getByRole('checkbox').check()
    await page.getByRole('button', { name: '批量彻底删除' }).click()
    const confirm = page.getByRole('dialog').filter({ hasText: '确定彻底删除选中的2条内容？' })
    await button(confirm, '确定').click()
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0)
    await expect(page.getByRole('row').filter({ hasText: names[1]! })).toHaveCount(0)
  })
