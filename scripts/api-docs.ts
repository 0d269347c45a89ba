/** Writes docs/openapi.json from the zod schemas of every route (npm run docs). */
import { writeFileSync } from 'node:fs'
import { buildApp } from '../packages/server/src/app.ts'
import { loadConfig } from '../packages/server/src/config.ts'
import { openDatabase } from '../packages/server/src/db/client.ts'
import { createContext } from '../packages/server/src/platform/context.ts'

export async function openApiDocument(): Promise<unknown> {
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ dataDir: config.dataDir })
  await database.migrate()
  const app = await buildApp(await createContext(config, database), { logger: false, web: false })
  await app.ready()
  const doc = app.swagger()
  await app.close()
  await database.close()
  return doc
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync('docs/openapi.json', `${JSON.stringify(await openApiDocument(), null, 2)}\n`)
  console.log('docs/openapi.json written')
}
