import { buildApp } from './app.ts'
import { bootstrap } from './bootstrap.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { createContext } from './platform/context.ts'
import { rewriteMediaUrlsByPath } from './platform/storage/mediaUrlsByPath.ts'

const started = performance.now()
const config = loadConfig()
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
await database.migrate()
const first = await bootstrap(database.db, config.adminPassword)
// Local files are addressed by path now; older rows' absolute addresses are rewritten once (decision 0033).
if (config.storage.driver === 'local') await rewriteMediaUrlsByPath(database.db, config.publicUrl)
const ctx = await createContext(config, database)
const app = await buildApp(ctx)

const close = async () => {
  await Promise.all([ctx.jobs.stop(), ctx.quickJobs.stop()])
  await app.close()
  await database.close()
  process.exit(0)
}
process.once('SIGINT', close)
process.once('SIGTERM', close)

await app.listen({ port: config.port, host: config.host })
// Background work (media processing, notice sends) runs in every instance; JOB_CONCURRENCY=0 makes an API-only instance.
if (config.jobConcurrency > 0) {
  ctx.jobs.start()
  ctx.quickJobs.start()
}
const port = (app.server.address() as { port: number }).port
const where =
  database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'
const lines = [
  '',
  `融媒体运营后台 is ready at http://localhost:${port}/  (${Math.round(performance.now() - started)} ms, ${where})`,
]
if (first.created)
  lines.push(
    `First administrator: username admin, password ${first.generatedPassword ?? '(ADMIN_PASSWORD)'}`,
    first.generatedPassword
      ? 'This password is shown only once; change it in 个人信息 after signing in.'
      : '',
  )
console.log(lines.join('\n'))
