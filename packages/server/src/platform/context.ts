import { join } from 'node:path'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { UnconfiguredImageChecker } from '../modules/words/imageChecker.ts'
import { SensitiveScanner } from '../modules/words/sensitiveScanner.ts'
import { ServerCodec } from './codec.ts'
import { FailureCounter } from './rateLimit.ts'
import { ensureServerKey } from './serverKey.ts'
import { Sessions } from './sessions.ts'
import { Settings } from './settings.ts'
import { OutboxSmsProvider, type SmsProvider } from './sms.ts'
import { VerifyCodes } from './verifyCodes.ts'

/** Long-lived services shared by every route. */
export interface Ctx {
  config: Config
  database: Database
  sessions: Sessions
  codec: ServerCodec
  sms: SmsProvider
  verifyCodes: VerifyCodes
  settings: Settings
  loginFailuresByIp: FailureCounter
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
  return {
    config,
    database,
    sessions: new Sessions(db, config.sessionIdleMs, config.sessionMaxMs),
    codec: new ServerCodec(await ensureServerKey(db)),
    sms: smsProvider,
    verifyCodes: new VerifyCodes(db, smsProvider),
    settings: new Settings(db),
    loginFailuresByIp: new FailureCounter(config.loginIpMaxFailures, config.loginLockMs),
    sensitive: new SensitiveScanner(db, new UnconfiguredImageChecker()),
  }
}
