import { expect } from 'vitest'
import { call, type TestApp } from './harness.ts'

/**
 * The calls content and review tests make, bound to the file's test app (read when called: the app starts in
 * beforeAll): plain POST / GET with a token, and a new article draft.
 */
export function contentCalls(app: () => TestApp) {
  const post = (token: string, url: string, body: unknown) => call(app().app, 'POST', url, { token, body })
  const get = (token: string, url: string) => call(app().app, 'GET', url, { token })
  async function draft(token: string, title: string) {
    const r = await post(token, '/api/content/add', { kind: 'article', title })
    expect(r.body.code, r.body.msg).toBe(0)
    return r.body.data.id as number
  }
  return { post, get, draft }
}
