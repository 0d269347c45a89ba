import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { contentTypeOf } from './contentTypes.ts'
import { inspectFile } from './inspectFile.ts'
import type { S3Storage } from './s3Storage.ts'

/**
 * `inspectFile` for an object already in the bucket: the head (the whole file for images, whose dimensions are
 * read) is copied to the spool dir and checked there. Returns the spec's message, or null.
 */
export async function inspectObject(storage: S3Storage, spoolDir: string, objectKey: string, name: string) {
  await mkdir(spoolDir, { recursive: true })
  const spooled = join(spoolDir, randomUUID())
  try {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3')
    const head = await storage.client.send(
      new GetObjectCommand({
        Bucket: storage.options.bucket,
        Key: objectKey,
        Range: contentTypeOf(name).startsWith('image/') ? undefined : 'bytes=0-65535',
      }),
    )
    await pipeline(head.Body as Readable, createWriteStream(spooled))
    return await inspectFile(spooled, name)
  } finally {
    await rm(spooled, { force: true })
  }
}
