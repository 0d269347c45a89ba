import type { Config } from '../../config.ts'
import { LocalStorage } from './localStorage.ts'
import { S3Storage } from './s3Storage.ts'
import type { Storage } from './storage.ts'
import type { UrlSigner } from './urlSigner.ts'

/** The configured storage driver (config.ts validates that STORAGE=s3 comes with its settings). */
export function createStorage(config: Config, signer: UrlSigner): Storage {
  const s = config.storage
  if (s.driver === 's3') return new S3Storage(s)
  return new LocalStorage(config.dataDir, signer, config.publicUrl)
}
