import { expect as baseExpect, signInAsAdmin, test, unique } from './fixtures.ts'
import { button } from './organisationHelpers.ts'
import { sealedCall } from './sealedApi.ts'

const OK = /确\s*定/
// The machine is shared: states are awaited with room to spare, toasts (1 s) are not relied on.
const expect = baseExpect.configure({ timeout: 30_000 })

test('弹幕: a video on /bulletChat, hide and delete in batch on /bulletChatDetail, send one, templates', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signInAsAdmin(page)
  const title = unique('弹幕视频')
  const video = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'video',
    title,
    videoUrl: 'https://media.example.com/bullet.mp4',
  })
  expect(video.code, video.msg).toBe(0)
  const bodies = ['前排', '好看', '加油'].map((b) => unique(b))
  for (const [i, body] of bodies.entries()) {
    const r = await sealedCall(page, 'POST', '/api/bullet/add', {
      contentId: video.data.id,
      body,
      at: i * 10,
    })
    expect(r.code, r.msg).toBe(0)
  }

  await page.goto('/bulletChat')
  await page.getByLabel('标题').fill(title)
  await page.getByRole('button', { name: /搜\s*索/ }).click()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible()
  await row.getByRole('button', { name: '管理弹幕' }).click()
  await expect(page).toHaveURL(/\/bulletChatDetail\?id=\d+&type=video$/)
  await expect(page.getByText(`弹幕详情：${title}`)).toBeVisible()
  const rows = page.locator('.ant-table-tbody tr.ant-table-row')
  await expect(rows).toHaveCount(3)
  await expect(page.getByRole('row').filter({ hasText: bodies[1]! }).getByText('00:10')).toBeVisible()

  // Hide two in a batch, filter the hidden ones, delete one from its row.
  const bullet = (body: string) => page.getByRole('row').filter({ hasText: body })
  await bullet(bodies[0]!).getByRole('checkbox').check()
  await bullet(bodies[1]!).getByRole('checkbox').check()
  await page.getByRole('button', { name: '批量隐藏' }).click()
  await expect(page.getByRole('dialog')).toContainText('确定隐藏选中的2条弹幕？')
  await page.getByRole('dialog').getByRole('button', { name: OK }).click()
  await expect(bullet(bodies[0]!).getByText('隐藏', { exact: true })).toBeVisible()
  await page.getByLabel('显示状态').click()
  await page.locator('.ant-select-dropdown:visible').getByTitle('隐藏', { exact: true }).click()
  await button(page, '搜索').click()
  await expect(rows).toHaveCount(2)
  await bullet(bodies[0]!)
    .getByRole('button', { name: /删\s*除/ })
    .click()
  await page.getByRole('tooltip').getByRole('button', { name: OK }).click()
  await expect(rows).toHaveCount(1)

  // Send an official danmaku at 0:42.
  const official = unique('官方弹幕')
  await page.getByLabel('发送弹幕').fill(official)
  await page.getByLabel('出现时间（秒）').fill('42')
  await page.getByRole('button', { name: /发\s*送/ }).click()
  await page.getByLabel('显示状态').click()
  await page.locator('.ant-select-dropdown:visible').getByTitle('显示', { exact: true }).click()
  await button(page, '搜索').click()
  await expect(bullet(official).getByText('00:42')).toBeVisible()
  await expect(bullet(official).getByText('官方', { exact: true })).toBeVisible()

  // Templates: add one, switch it off, delete it.
  await page.goto('/bulletChat')
  await page.getByRole('button', { name: '弹幕模板' }).click()
  const drawer = page.getByRole('dialog').filter({ hasText: '弹幕模板' })
  const phrase = unique('主播好')
  await drawer.getByLabel('模板内容').fill(phrase)
  await drawer.getByRole('button', { name: /添\s*加/ }).click()
  await expect(drawer.getByLabel(`模板 ${phrase}`)).toHaveValue(phrase)
  await drawer.getByLabel(`启用 ${phrase}`).click()
  await expect(drawer.getByLabel(`启用 ${phrase}`)).not.toBeChecked()
  const listed = await sealedCall(page, 'GET', '/api/bullet-template')
  expect(listed.data.find((t: { content: string }) => t.content === phrase)).toMatchObject({ state: 0 })
  await drawer
    .getByRole('listitem')
    .filter({ has: page.getByLabel(`模板 ${phrase}`) })
    .getByRole('button', { name: /删\s*除/ })
    .click()
  await page.getByRole('tooltip').getByRole('button', { name: OK }).click()
  await expect(drawer.getByLabel(`模板 ${phrase}`)).toHaveCount(0)

  // The live tab lists the danmaku of live streams once they exist.
  await page.keyboard.press('Escape')
  await page.getByRole('tab', { name: '直播弹幕' }).click()
  await expect(page).toHaveURL(/type=live/)
  await expect(page.getByText('直播上线后，直播间的弹幕在此列出')).toBeVisible()
})
