import { expect as baseExpect, signInAsAdmin, test, unique } from './fixtures.ts'
import { button, confirmPopconfirm } from './organisationHelpers.ts'
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

  // Templates (the engine's list of their definition, in a drawer): add two, order, edit, switch off, delete.
  await page.goto('/bulletChat')
  await page.getByRole('button', { name: '弹幕模板' }).click()
  const panel = page.getByRole('dialog', { name: '弹幕模板', exact: true })
  const base = unique('主播好')
  const phrases = [`${base}甲`, `${base}乙`]
  const form = page.getByRole('dialog', { name: '新增弹幕模板' })
  for (const phrase of phrases) {
    await button(panel, '新增弹幕模板').click()
    await form.getByLabel('模板内容').fill(phrase)
    await button(form, '保存').click()
    await expect(form).toBeHidden()
  }
  await panel.getByLabel('模板内容').fill(base)
  await button(panel, '搜索').click()
  const template = (text: string) => panel.getByRole('row').filter({ hasText: text })
  await expect(template(phrases[1]!)).toBeVisible()
  // 下移 puts the first below the second.
  const order = async () => {
    const texts = await panel.getByRole('row').allTextContents()
    return texts.findIndex((t) => t.includes(phrases[0]!)) > texts.findIndex((t) => t.includes(phrases[1]!))
  }
  expect(await order()).toBe(false)
  await template(phrases[0]!)
    .getByRole('button', { name: `下移「${phrases[0]}」` })
    .click()
  await expect.poll(order).toBe(true)
  // Edited in its drawer form.
  const edited = `${phrases[0]}改`
  await button(template(phrases[0]!), '编辑').click()
  const edit = page.getByRole('dialog', { name: '编辑弹幕模板' })
  await edit.getByLabel('模板内容').fill(edited)
  await button(edit, '保存').click()
  await expect(edit).toBeHidden()
  await expect(template(edited)).toBeVisible()
  // Switched off: the spec call answers it with state 0.
  await button(template(edited), '停用').click()
  await confirmPopconfirm(page)
  await expect(template(edited).getByText('停用', { exact: true })).toBeVisible()
  const listed = await sealedCall(page, 'GET', '/api/bullet-template')
  expect(listed.data.find((t: { content: string }) => t.content === edited)).toMatchObject({ state: 0 })
  await button(template(edited), '彻底删除').click()
  await confirmPopconfirm(page)
  await expect(template(edited)).toHaveCount(0)
  await expect(template(phrases[1]!)).toBeVisible()

  // The live tab lists the danmaku of live streams once they exist.
  await page.keyboard.press('Escape')
  await page.getByRole('tab', { name: '直播弹幕' }).click()
  await expect(page).toHaveURL(/type=live/)
  await expect(page.getByText('直播上线后，直播间的弹幕在此列出')).toBeVisible()
})
