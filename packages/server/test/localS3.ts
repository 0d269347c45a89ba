import { mkdtempSync, rmSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

type KoaContext = {
  method: string
  path: string
  query: Record<string, unknown>
  status: number
  type: string
  body: string
}

const xml = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>${inner}`

/**
 * s3rver implements multipart uploads but not ListParts, which @tus/s3-store calls to learn a resumed
 * upload's offset (real S3, MinIO and Ceph all have it). This answers ListParts from s3rver's own part
 * files, so the tus S3 store is tested against a real multipart implementation rather than a mock.
 */
function addListParts(server: S3rver) {
  const listParts = async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId
    if (ctx.method !== 'GET' || typeof uploadId !== 'string') return next()
    const [, bucket = '', ...key] = ctx.path.split('/')
    const dir = join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
    ctx.type = 'application/xml'
    let names: string[]
    try {
      names = await readdir(dir)
    } catch {
      ctx.status = 404
      ctx.body = xml(
        '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
      )
      return
    }
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b)
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const s = await stat(join(dir, String(n)))
        const md5 = await readFile(join(dir, `${n}.md5`), 'utf8').catch(() => '')
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${s.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${s.size}</Size></Part>`
      }),
    )
    ctx.status = 200
    ctx.body = xml(
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    )
  }
  // After s3rver's logger, before its router (which answers 405 for this call).
  server.middleware.splice(1, 0, listParts as never)
}

/**
 * A local S3-compatible server (s3rver) on a free loopback port with one bucket, and the environment that
 * points the app's S3 driver at it.
 */
export async function startLocalS3(bucket: string) {
  const dir = mkdtempSync(join(tmpdir(), 'moc-s3rver-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  addListParts(server)
  const { port } = await server.run()
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      // The app's S3 clients keep sockets alive; closing would wait for them for ever.
      server.httpServer?.closeAllConnections()
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
