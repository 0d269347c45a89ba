import type { Config } from '../../config.ts'
import { LocalStorage } from './localStorage.ts'
import type { Storage } from './storage.ts'
import type { UrlSigner } from './urlSigner.ts'

/** The configured storage driver (config.ts validates that STORAGE=s3 comes with its settings). */
export async function createStorage(config: Config, signer: UrlSigner): Promise<Storage> {
  const s = config.storage
  // The AWS SDK (~20 MB resident) loads only for an S3 deployment.
  if (s.driver === 's3') return new (await import('./s3Storage.ts')).S3Storage(s)
  return new LocalStorage(config.dataDir, signer)
}
