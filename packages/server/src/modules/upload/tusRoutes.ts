import { randomBytes, randomUUID } from 'node:crypto'
import { readdir, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import {
  checkUpload,
  isInlineMime,
  storageKey,
  UPLOAD_KINDS,
  type UploadKind,
  uploadFileName,
} from '@moc/domain/rules/upload'
import type { DataStore, Server, Upload } from '@tus/server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { FROM_SCREEN } from '../../platform/auditLog.ts'
import type { Ctx } from '../../platform/context.ts'
import { every } from '../../platform/periodic.ts'
import { contentTypeOf } from '../../platform/storage/contentTypes.ts'
import { inspectFile } from '../../platform/storage/inspectFile.ts'
import { inspectObject } from '../../platform/storage/inspectObject.ts'
import { LocalStorage } from '../../platform/storage/localStorage.ts'
import { isS3 } from '../../platform/storage/s3Kind.ts'
import { storedUrl } from './storeUpload.ts'

export const TUS_PATH = '/api/upload/tus'
/** Unfinished uploads are kept this long for resuming (tus expiration extension), then cleaned up. */
const EXPIRE_MS = 24 * 3_600_000

type RawWithAdmin = IncomingMessage & { mocAdminId?: number }
const adminOf = (req: Request) =>
  (req as unknown as { runtime?: { node?: { req: RawWithAdmin } } }).runtime?.node?.req.mocAdminId

/** A tus refusal: the client shows the body (the spec's Chinese message). */
const refuse = (status_code: number, body: string) => ({ status_code, body })

/**
 * Resumable, sliced uploads with the tus protocol (DESIGN.md §3) for large and video files. Metadata
 * `filename`, `filetype` and `kind` (the upload widget's kind) are checked against the spec's rules when the
 * upload is created; when the last byte arrives the content is checked (magic bytes, image dimensions) and
 * the file moves into storage under its spec §9 key. The final PATCH answers with `Upload-Url` and
 * `Upload-Key` headers. Only the account that created an upload may continue, inspect or cancel it.
 * The tus server and its store load with the first upload (or sweep), not at start: a process that never
 * takes a large upload does not hold their code.
 */
export async function tusRoutes(app: FastifyInstance, ctx: Ctx) {
  const storage = ctx.storage
  const tusDir = join(ctx.spoolDir, '..', 'tus')
  let loaded: Promise<Server> | undefined
  const tusServer = () => {
    loaded ??= createTus()
    return loaded
  }

  async function createTus(): Promise<Server> {
    const datastore: DataStore = isS3(storage)
      ? new (await import('@tus/s3-store')).S3Store({
          partSize: 8 * 1024 * 1024,
          expirationPeriodInMilliseconds: EXPIRE_MS,
          s3ClientConfig: {
            bucket: storage.options.bucket,
            region: storage.options.region,
            endpoint: storage.options.endpoint,
            forcePathStyle: storage.options.forcePathStyle,
            credentials: {
              accessKeyId: storage.options.accessKeyId,
              secretAccessKey: storage.options.secretAccessKey,
            },
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          },
        })
      : new (await import('@tus/file-store')).FileStore({
          directory: tusDir,
          expirationPeriodInMilliseconds: EXPIRE_MS,
        })

    /** Moves a finished upload into storage once its content passed the checks; removes it otherwise. */
    async function adopt(upload: Upload) {
      const name = upload.metadata?.filename ?? 'upload'
      const key = storageKey(name, randomUUID().replaceAll('-', ''), new Date())
      const contentType = contentTypeOf(key)
      if (storage instanceof LocalStorage) {
        const path = join(tusDir, upload.id)
        try {
          const problem = await inspectFile(path, name)
          if (problem) throw refuse(422, problem)
          await storage.putFile(key, path)
        } finally {
          await rm(path, { force: true })
          await rm(`${path}.json`, { force: true })
        }
      } else if (isS3(storage)) {
        const { CopyObjectCommand } = await import('@aws-sdk/client-s3')
        const { bucket } = storage.options
        try {
          const problem = await inspectObject(storage, ctx.spoolDir, upload.id, name)
          if (problem) throw refuse(422, problem)
          await storage.client.send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: key,
              CopySource: `${bucket}/${upload.id}`,
              ContentType: contentType,
              ContentDisposition: isInlineMime(contentType) ? undefined : 'attachment',
              MetadataDirective: 'REPLACE',
            }),
          )
        } finally {
          await datastore.remove(upload.id).catch(() => undefined)
        }
      }
      return { key, url: await storedUrl(ctx, key), contentType }
    }

    const { Server } = await import('@tus/server')
    return new Server({
      path: TUS_PATH,
      datastore,
      maxSize: ctx.config.tusMaxBytes,
      relativeLocation: true,
      respectForwardedHeaders: ctx.config.trustProxy,
      namingFunction: () => `tus-${randomBytes(16).toString('hex')}`,
      exposedHeaders: ['Upload-Url', 'Upload-Key'],
      async onResponseError(_req, err) {
        // Refusals are ours; anything else is a store failure worth a log line.
        if (!('status_code' in err)) app.log.error({ err }, 'tus upload failed')
      },
      async onIncomingRequest(req, uploadId) {
        const adminId = adminOf(req)
        if (!adminId) throw refuse(401, '登录已过期，请重新登录')
        if (!uploadId || req.method === 'POST' || req.method === 'OPTIONS') return
        const upload = await datastore.getUpload(uploadId).catch(() => undefined)
        // Someone else's upload id reads as unknown: ids are not secrets to be probed.
        if (upload && upload.metadata?.owner !== String(adminId))
          throw refuse(404, 'The file for this url was not found\n')
      },
      async onUploadCreate(req, upload) {
        const meta = upload.metadata ?? {}
        const kind = (meta.kind ?? 'attachment') as UploadKind
        if (!UPLOAD_KINDS.includes(kind)) throw refuse(400, '上传类型有误')
        const name = uploadFileName(meta.filename ?? '')
        if (!name) throw refuse(400, '缺少文件名')
        const problem = checkUpload({ name, size: upload.size ?? 0, type: meta.filetype ?? '' }, kind)
        if (problem) throw refuse(422, problem)
        return { metadata: { ...meta, filename: name, kind, owner: String(adminOf(req)) } }
      },
      async onUploadFinish(_req, upload) {
        const { key, url, contentType } = await adopt(upload)
        return { headers: { 'Upload-Url': url, 'Upload-Key': key, 'Upload-Content-Type': contentType } }
      },
    })
  }

  // tus bodies stream straight to the store, unparsed.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null))
  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    ;(req.raw as RawWithAdmin).mocAdminId = req.principal?.adminId
    const tus = await tusServer()
    reply.hijack()
    await tus.handle(req.raw, reply.raw)
  }
  app.post(
    TUS_PATH,
    { config: { access: 'signedIn', audit: '创建断点续传上传', auditPage: FROM_SCREEN } },
    handle,
  )
  for (const url of [`${TUS_PATH}/:id`]) {
    app.head(url, { config: { access: 'signedIn' } }, handle)
    app.patch(url, { config: { access: 'signedIn', auditSkip: true } }, handle)
    app.delete(
      url,
      { config: { access: 'signedIn', audit: '取消断点续传上传', auditPage: FROM_SCREEN } },
      handle,
    )
  }
  app.options(TUS_PATH, { config: { access: 'signedIn' } }, handle)

  // Abandoned uploads are swept every hour (local disk: only when some are there).
  every(app, 'tus sweep', 3_600_000, async () => {
    if (!loaded && !isS3(storage) && (await readdir(tusDir).catch(() => [])).length === 0) return
    await (await tusServer()).cleanUpExpiredUploads()
  })
}
