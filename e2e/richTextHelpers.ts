import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

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
