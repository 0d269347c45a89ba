import type { Page } from '@playwright/test'

/**
 * Holds the answers to the API `path` (e.g. '/api/editor/config') until the returned function is called: data a form
 * gets late (decision 0035). Requests after the release pass at once.
 */
export async function holdAnswers(page: Page, path: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(`**${path}**`, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Delays the next answer of the API `path` by `ms`; `answered` resolves once it has come. */
export async function delayNextAnswer(page: Page, path: string, ms: number) {
  await page.route(
    `**${path}**`,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms))
      await route.continue()
    },
    { times: 1 },
  )
  return { answered: page.waitForResponse((r) => new URL(r.url()).pathname === path) }
}
