import { expect as baseExpect, signInAsAdmin, test, unique } from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

// The machine is shared: states are awaited with room to spare.
const expect = baseExpect.configure({ timeout: 30_000 })

test('热议 detail shows 运营数据 (阅读, 点赞, 关注: real + operated) from contentOperationInfo', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  const added = await sealedCall(page, 'POST', '/api/content/add', {
    kind: 'discuss',
    title: unique('运营数据热议'),
    operateViewNum: 120,
    operateFollowNum: 8,
  })
  expect(added.code, added.msg).toBe(0)
  await page.goto(`/detailHotDiscuss?id=${added.data.id}`)
  const panel = page.getByRole('region', { name: '运营数据' })
  await expect(panel.getByText('120（真实 0 + 运营 120）')).toBeVisible()
  await expect(panel.getByText('8（真实 0 + 运营 8）')).toBeVisible()
  await expect(panel.getByText('点赞数')).toBeVisible()
  // No 在线 count on a discussion.
  await expect(panel.getByText('在线数')).toHaveCount(0)
})
