import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { AppSessions } from '../modules/community/appSessions.ts'
import { UnconfiguredImageChecker } from '../modules/words/imageChecker.ts'
import { SensitiveScanner } from '../modules/words/sensitiveScanner.ts'
import { ServerCodec } from './codec.ts'
import { JobRunner } from './jobs/queue.ts'
import { OutboxPushProvider, type PushProvider } from './push.ts'
import { ReadCaches } from './readCaches.ts'
import { ensureServerKey } from './serverKey.ts'
import { Sessions } from './sessions.ts'
import { Settings } from './settings.ts'
import { OutboxSmsProvider, type SmsProvider } from './sms.ts'
import { createStorage } from './storage/createStorage.ts'
import type { Storage } from './storage/storage.ts'
import { UrlSigner } from './storage/urlSigner.ts'
import { VerifyCodes } from './verifyCodes.ts'

/** Long-lived services shared by every route. */
export interface Ctx {
  config: Config
  database: Database
  sessions: Sessions
  /** App users' sessions (the app-facing API, decision 0041). */
  appSessions: AppSessions
  /** Reads reused between writes (the session lookup, pending counts); every write request forgets them. */
  readCaches: ReadCaches
  codec: ServerCodec
  sms: SmsProvider
  /** Pushes to app users' devices (built-in: the push outbox; decision 0049). */
  push: PushProvider
  verifyCodes: VerifyCodes
  settings: Settings
  storage: Storage
  urlSigner: UrlSigner
  /** The durable job queue's runner; processors register on it, main.ts starts it (tests run jobs by hand). */
  jobs: JobRunner
  /**
   * Short jobs (a notice's send) on the same queue table, in a lane of their own: they never wait behind a
   * transcode that holds the media lane for minutes.
   */
  quickJobs: JobRunner
  /** Where uploads are spooled and checked before they reach storage (DATA_DIR/tmp). */
  spoolDir: string
  /** The sensitive-word list compiled for scanning, and the image checker (built-in: none configured). */
  sensitive: SensitiveScanner
}

export async function createContext(config: Config, database: Database, sms?: SmsProvider): Promise<Ctx> {
  const { db } = database
  const smsProvider =
    sms ??
    new OutboxSmsProvider(
      db,
      config.dataDir === 'memory://' ? undefined : join(config.dataDir, 'sms-outbox.log'),
    )
  const serverKeyPair = await ensureServerKey(db)
  // Tests run with dataDir 'memory://': their files go to a fresh directory under the system tmp.
  const fileConfig =
    config.dataDir === 'memory://'
      ? { ...config, dataDir: mkdtempSync(join(tmpdir(), 'moc-files-')) }
      : config
  const urlSigner = new UrlSigner(serverKeyPair.privateKey)
  const readCaches = new ReadCaches(config.readCacheMs)
  return {
    config,
    database,
    sessions: new Sessions(db, {
      idleMs: config.sessionIdleMs,
      maxMs: config.sessionMaxMs,
      // Unknown tokens are not kept: only sign-ins add sessions, and a flood of made-up ones must not fill it.
      cache: readCaches.create({ readsContent: false, keep: (found) => found.row !== undefined }),
      readScope: database.kind === 'postgres',
    }),
    appSessions: new AppSessions(db),
    readCaches,
    codec: new ServerCodec(serverKeyPair),
    sms: smsProvider,
    push: new OutboxPushProvider(),
    verifyCodes: new VerifyCodes(db, smsProvider),
    settings: new Settings(db),
    storage: await createStorage(fileConfig, urlSigner),
    urlSigner,
    spoolDir: join(fileConfig.dataDir, 'tmp'),
    jobs: new JobRunner(db, { concurrency: Math.max(1, config.jobConcurrency) }),
    quickJobs: new JobRunner(db, { concurrency: 2 }),
    sensitive: new SensitiveScanner(
      db,
      new UnconfiguredImageChecker(),
      readCaches.create({ readsContent: false }),
    ),
  }
}
