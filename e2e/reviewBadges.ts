import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'
import { sealedCall } from './sealedApi.ts'

/** The pending count the server reports for a queue (0 when none). */
export async function pendingCount(page: Page, queue: string): Promise<number> {
  const res = await sealedCall(page, 'GET', '/api/verify-center/pendingCounts')
  expect(res.code).toBe(0)
  return res.data.counts[queue] ?? 0
}

/** The badge on a side-menu entry (the 审核中心 group must be open to see it). */
export function menuBadge(page: Page, label: string): Locator {
  return page
    .getByRole('navigation', { name: '侧边菜单' })
    .locator('.moc-menu-label')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.ant-scroll-number')
}

export async function expectBadge(page: Page, label: string, n: number) {
  if (n > 0) await expect(menuBadge(page, label)).toHaveAttribute('title', String(n))
  else await expect(menuBadge(page, label)).toHaveCount(0)
}

/** A reviewer opens the item from its queue's 待审核 list on the detail screen `detail`. */
export async function openFromQueue(page: Page, queue: string, title: string, detail: string) {
  await page.goto(queue)
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /审\s*核/ })
    .click()
  // A queue several types share names the type in the detail's query too.
  await expect(page).toHaveURL(new RegExp(`${detail}\\?(kind=\\w+&)?id=\\d+`))
}

/**
 * A reviewer opens the item from its queue's 待审核 list, reads `shows` on the detail screen, approves, and is back
 * at the queue.
 */
export async function approveFromQueue(
  page: Page,
  queue: string,
  title: string,
  detail: string,
  shows: string,
) {
  await openFromQueue(page, queue, title, detail)
  await expect(page.getByText(shows).first()).toBeVisible()
  await page.getByRole('button', { name: /通\s*过/ }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定审核通过' })
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expect(page).toHaveURL(new RegExp(queue.replace(/[?.]/g, '\\$&')))
}
