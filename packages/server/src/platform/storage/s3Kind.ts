import type { S3Storage } from './s3Storage.ts'
import type { Storage } from './storage.ts'

/** The S3 driver, told apart without loading the AWS SDK (it is imported only when STORAGE=s3). */
export const isS3 = (storage: Storage): storage is S3Storage => storage.driver === 's3'

/** An S3 error that means "no such object" (and nothing else: other failures must surface). */
export const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404
}
