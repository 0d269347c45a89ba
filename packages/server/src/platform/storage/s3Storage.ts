import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { isInlineMime } from '@moc/domain/rules/upload'
import { missing } from './s3Kind.ts'
import type { Storage, StoredObject } from './storage.ts'

export interface S3Options {
  endpoint?: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Base URL of public objects (a CDN or the bucket's URL); default endpoint/bucket. */
  publicBaseUrl?: string
  /** MinIO and most self-hosted S3 servers need path-style addressing. */
  forcePathStyle: boolean
}

/** True for the SDK's "no such object" errors (their names differ between calls and servers). */

/** S3-compatible object storage (STORAGE=s3): AWS, MinIO, Ceph, COS, OSS. URLs are presigned GETs. */
export class S3Storage implements Storage {
  readonly driver = 's3' as const
  readonly client: S3Client

  constructor(readonly options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Third-party S3 servers (MinIO, Ceph, COS, s3rver) do not all take the SDK's default aws-chunked
      // checksum trailers; send plain bodies and checksum only where S3 requires it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    })
  }

  async putFile(key: string, path: string, contentType: string) {
    const { size } = await stat(path)
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: createReadStream(path),
        ContentLength: size,
        ContentType: contentType,
        // The bucket serves what the app would: anything not image/audio/video downloads, never renders.
        ContentDisposition: isInlineMime(contentType) ? undefined : 'attachment',
      }),
    )
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }))
      return {
        body: r.Body as Readable,
        size: r.ContentLength ?? 0,
        contentType: r.ContentType ?? 'application/octet-stream',
      }
    } catch (err) {
      if (missing(err)) return null
      throw err
    }
  }

  async exists(key: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }))
      return true
    } catch (err) {
      if (missing(err)) return false
      throw err
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }))
  }

  async deleteTree(prefix: string) {
    const Bucket = this.options.bucket
    // Listing pages hold at most 1000 keys, which is also the most one DeleteObjects call takes.
    for (let token: string | undefined; ; ) {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
      )
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []))
      if (keys.length) await this.client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }))
      if (!page.IsTruncated) return
      token = page.NextContinuationToken
    }
  }

  publicUrl(key: string) {
    const base =
      this.options.publicBaseUrl ??
      `${this.options.endpoint ?? `https://s3.${this.options.region}.amazonaws.com`}/${this.options.bucket}`
    return `${base.replace(/\/+$/, '')}/${key}`
  }

  signedUrl(key: string, ttlS: number) {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.options.bucket, Key: key }), {
      expiresIn: ttlS,
    })
  }
}
