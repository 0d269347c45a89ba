import type { Locator, Page } from '@playwright/test'
import { expect, expectToast } from './fixtures.ts'

/** The rich-text editor's toolbar (of the only editor on the page, or the one inside `scope`). */
export const editorToolbar = (scope: Page | Locator) => scope.getByRole('toolbar', { name: '编辑器工具栏' })

/** Replaces the editor's content by typing HTML into its 源代码 view, then returns to the document. */
export async function setRichSource(scope: Page | Locator, html: string) {
  const toggle = editorToolbar(scope).getByRole('button', { name: '源代码' })
  await toggle.click()
  await scope.getByLabel('HTML 源代码').fill(html)
  await toggle.click()
  await expect(scope.getByLabel('HTML 源代码')).toHaveCount(0)
}

/** The editor's HTML as its 源代码 view shows it (the view is closed again afterwards). */
export async function richSource(scope: Page | Locator): Promise<string> {
  const toggle = editorToolbar(scope).getByRole('button', { name: '源代码' })
  await toggle.click()
  const html = await scope.getByLabel('HTML 源代码').inputValue()
  await toggle.click()
  return html
}

/** Expects the editor's HTML (through its 源代码 view) to become `html`. */
export async function expectRichSource(scope: Page | Locator, html: string | RegExp) {
  await expect
    .poll(() => richSource(scope))
    .toEqual(typeof html === 'string' ? html : expect.stringMatching(html))
}

const SAVE = /^保\s*存$/

/** Opens a new article's form on /contentArticle and types its title. */
export async function newArticle(page: Page, title: string) {
  await page.goto('/contentArticle')
  await expect(page.getByRole('tab', { name: /^文章列表/ })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('button', { name: '新增文章' }).click()
  await expect(page).toHaveURL(/\/contentArticleDetail$/)
  await expect(page.getByLabel('正文')).toBeVisible()
  await page.getByLabel('标题').fill(title)
}

/** Saves the form, then opens the saved article again from the draft box. */
export async function saveAndReopen(page: Page, title: string) {
  await page.getByRole('button', { name: SAVE }).click()
  await expectToast(page, '保存成功')
  await page.goto('/contentArticle?type=draft')
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /编\s*辑/ })
    .click()
  await expect(page.getByLabel('标题')).toHaveValue(title)
}
