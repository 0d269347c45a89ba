import type { Locator, Page } from '@playwright/test'
import { permissionPages } from '../packages/domain/src/permissions/pages.ts'
import { expect } from './fixtures.ts'

/**
 * A media-account manager's grant: every action of the area's pages (媒体号管理 … 媒体号审核), writing and reviewing
 * articles, and reading what the area's pickers offer.
 */
export const MEDIA_POWER: Record<string, string[]> = {
  ...Object.fromEntries(
    permissionPages
      .filter((p) => p.group === 'media' || p.name === '媒体号审核')
      .map((p) => [p.name, [...p.actions]]),
  ),
  '内容-文章': ['查看', '添加', '编辑', '评论', '提交审核', '撤销审核', '显示/隐藏'],
  文章审核: ['查看', '审核', '驳回原因'],
  // The pickers of an account's operators (app users) and related topics and circles read those lists.
  用户管理: ['查看'],
  '社区-话题': ['查看'],
  '社区-圈子': ['查看'],
}
/** The side-menu entries the manager's role shows. */
export const MEDIA_MENUS = [
  '/medias',
  '/mediaColumn',
  '/mediaContent',
  '/mediaRole',
  '/operatingPreManage',
  '/mediaAudit',
  '/contentArticle',
  '/articleAudit',
]

/** One field of an antd form (its label, its control and its messages), by the label's text. */
export const formItem = (scope: Page | Locator, label: string) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.locator('label', { hasText: new RegExp(`^${label}$`) }) })

/**
 * Picks `text` in a select field. A paged select searches as it is typed (`search`); a select of fixed options is
 * opened and clicked, as its search matches the options' values, not their labels.
 */
export async function pick(page: Page, field: Locator, text: string, search = true) {
  await field.click()
  if (search) await field.fill(text)
  await page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true }).click()
}

/** Picks each of `texts` in a multiple select, then closes its dropdown. */
export async function pickMany(page: Page, field: Locator, texts: string[], search = true) {
  for (const text of texts) await pick(page, field, text, search)
  await page.keyboard.press('Escape')
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
}

/** A small, valid one-page PDF: a scanned certificate stands in for what an institution uploads. */
export function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
