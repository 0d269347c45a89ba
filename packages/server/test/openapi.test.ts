import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { openApiDocument } from '../../../scripts/api-docs.ts'

it('docs/openapi.json lists every route the server registers (run `npm run docs` after adding one)', async () => {
  const live = (await openApiDocument()) as { paths: Record<string, unknown> }
  const committed = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'))
  expect(Object.keys(committed.paths).sort()).toEqual(Object.keys(live.paths).sort())
  // Building the whole app and its document takes ~5 s alone and much longer beside other test files on two cores.
}, 120_000)
