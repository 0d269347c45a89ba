import { expect, signInAsAdmin, test, unique } from './fixtures.ts'
import { editorToolbar, expectRichSource, newArticle, setRichSource } from './richTextHelpers.ts'

test('富文本: 表情 and 模板 from the toolbar; a text-only 地图 card; 秀米 and 135编辑器 say so when not configured', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signInAsAdmin(page)
  await newArticle(page, unique('工具栏'))
  const bar = editorToolbar(page)

  // 表情: a click inserts the emoticon at the cursor.
  await setRichSource(page, '<p>今日天气</p>')
  await page.getByLabel('正文').click()
  await page.keyboard.press('End')
  await bar.getByRole('button', { name: '表情' }).click()
  const emoticons = page.getByRole('dialog', { name: '插入表情' })
  const first = emoticons.locator('button[title]').first()
  const emoji = (await first.getAttribute('title')) ?? ''
  await first.click()
  await expect(emoticons).toBeHidden()
  await expectRichSource(page, `<p>今日天气${emoji}</p>`)

  // 模板: the content saved as a template of this account, then inserted into an emptied editor.
  const name = unique('导语模板')
  await setRichSource(page, '<p><strong>【导语】</strong>本台记者报道</p>')
  await bar.getByRole('button', { name: '模板' }).click()
  const templates = page.getByRole('dialog', { name: '模板' })
  await templates.getByRole('button', { name: '存为模板' }).click()
  const naming = page.getByRole('dialog', { name: '存为模板' })
  await naming.getByLabel('模板名称').fill(name)
  await naming.getByRole('button', { name: /保\s*存/ }).click()
  await expect(templates.getByText(name)).toBeVisible()
  await templates.getByRole('button', { name: /取\s*消/ }).click()
  await setRichSource(page, '<p>正文开始</p>')
  await page.getByLabel('正文').click()
  await page.keyboard.press('End')
  await bar.getByRole('button', { name: '模板' }).click()
  await templates.getByText(name).click()
  await templates.getByRole('button', { name: /插\s*入/ }).click()
  await expect(templates).toBeHidden()
  await expectRichSource(page, /<strong>【导语】<\/strong>本台记者报道/)

  // 地图 without a static-map provider: a text-only location card.
  await bar.getByRole('button', { name: '地图' }).click()
  const map = page.getByRole('dialog', { name: '插入地图' })
  await expect(map).toContainText('将插入不含图片的位置卡片')
  await map.getByLabel('地点名称').fill('市民中心')
  await map.getByLabel('详细地址').fill('人民路1号')
  await map.getByRole('button', { name: /插\s*入/ }).click()
  await expect(map).toBeHidden()
  await expectRichSource(page, /市民中心[\s\S]*人民路1号/)

  // 秀米 and 135编辑器 not configured: each says where a super administrator fills them in.
  await bar.getByRole('button', { name: '秀米' }).click()
  await expect(page.getByRole('dialog', { name: '秀米' })).toContainText('秀米编辑器未配置')
  await page.keyboard.press('Escape')
  await bar.getByRole('button', { name: '135编辑器' }).click()
  await expect(page.getByText('135编辑器未配置')).toBeVisible()
})
