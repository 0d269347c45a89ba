import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  checkUpload,
  isInlineMime,
  storageKey,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  type UploadKind,
} from '@moc/domain/rules/upload'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { eq, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { uploadGrant } from '../../db/schema.ts'
import { FROM_SCREEN } from '../../platform/auditLog.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError, fail } from '../../platform/errors.ts'
import { every } from '../../platform/periodic.ts'
import { contentTypeOf } from '../../platform/storage/contentTypes.ts'
import { inspectObject } from '../../platform/storage/inspectObject.ts'
import { KEY_PATTERN } from '../../platform/storage/localStorage.ts'
import { isS3, missing } from '../../platform/storage/s3Kind.ts'
import type { S3Storage } from '../../platform/storage/s3Storage.ts'
import { uploadResultSchema } from './routes.ts'
import { storedUrl, storeUpload } from './storeUpload.ts'

export const DIRECT_PATH = '/api/upload/direct'
/** How often unconfirmed direct uploads are looked for, and how long after its grant expires an object may still arrive (a slow PUT that started in time). */
export const SWEEP_INTERVAL_MS = 3_600_000
export const SWEEP_GRACE_MS = 3_600_000

/**
 * Deletes the objects of grants that expired more than SWEEP_GRACE_MS ago without being confirmed (decision 0013:
 * a PUT nobody confirmed would otherwise stay in the bucket for ever), and the grants. Returns how many went.
 */
export async function sweepDirectUploads(ctx: Ctx, now = new Date()): Promise<number> {
  const { db } = ctx.database
  const stale = await db
    .select({ key: uploadGrant.key })
    .from(uploadGrant)
    .where(lt(uploadGrant.expiresAt, new Date(now.getTime() - SWEEP_GRACE_MS)))
    .limit(1000)
  for (const { key } of stale) {
    await ctx.storage.delete(key)
    await db.delete(uploadGrant).where(eq(uploadGrant.key, key))
  }
  return stale.length
}

/*
 * What the signatures cover. Storage keys never contain ':', so none of these can pass for the signature of a
 * `/files/<key>` URL made with the same UrlSigner secret, nor one for another.
 */
/** The confirmation token (`GET /vod/url`): one key, one account, one widget kind, until it expires. */
export const grantSubject = (adminId: number, kind: string, key: string) => `grant:${adminId}:${kind}:${key}`
/** The local driver's upload URL: one PUT of one key, checked against one widget kind. */
export const putSubject = (kind: string, key: string) => `put:${kind}:${key}`

const isKind = (v: string): v is UploadKind => (UPLOAD_KINDS as readonly string[]).includes(v)
const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1)

const signQuery = z.object({
  name: z.string().trim().min(1).max(200),
  kind: z.string().default('attachment'),
  size: z.coerce.number().int().min(0),
  /** The browser's MIME type, checked like the upload widget does; may be empty. */
  type: z.string().max(200).default(''),
})

const grantSchema = z.object({
  key: z.string(),
  bucket: z.string(),
  region: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  startTime: z.number().describe('ms'),
  expiredTime: z.number().describe('ms'),
  token: z.string(),
})

const confirmQuery = z.object({ key: z.string().min(1).max(300), token: z.string().min(1).max(200) })

const resultSchema = uploadResultSchema.extend({
  status: z.literal('success'),
  response: z.object({
    url: z.string(),
    opt: z.object({ bucket: z.string(), region: z.string(), pathName: z.string() }),
  }),
})

/** Counts a body's bytes through, failing once it passes `max` (the body then is not spooled any further). */
const capped = (max: number) => {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      if (seen > max) done(new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge))
      else done(null, chunk)
    },
  })
}

/** A presigned PUT for one key and content type (the AWS SDK is loaded only on S3 deployments). */
async function presignPut(
  storage: S3Storage,
  ttlS: number,
  headers: Record<string, string>,
  input: { Bucket: string; Key: string; ContentType: string; ContentDisposition: string | undefined },
) {
  const [{ PutObjectCommand }, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ])
  // The SDK leaves content-type out of the signature unless asked: the grant is for one type.
  return getSignedUrl(storage.client, new PutObjectCommand(input), {
    expiresIn: ttlS,
    signableHeaders: new Set(Object.keys(headers)),
  })
}

/**
 * Direct uploads (spec §7 `GET /upload/vod/sign`, `/upload/vod/url`; decision 0013 "Direct uploads"): the client
 * asks for a grant for one file, sends the bytes itself with a single PUT to `uploadUrl` (a presigned PUT of
 * the bucket on S3; our own signed `PUT /api/upload/direct/<key>` locally), then confirms with the grant's
 * token. The confirmation checks the content like every other upload and removes a refused object.
 */
export async function directRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const storage = ctx.storage
  const { db } = ctx.database
  const ttlS = ctx.config.storageUrlTtlS
  every(fastify, 'direct upload sweep', SWEEP_INTERVAL_MS, () => sweepDirectUploads(ctx))
  const location = isS3(storage)
    ? { bucket: storage.options.bucket, region: storage.options.region }
    : { bucket: 'files', region: 'local' }

  app.get(
    '/api/upload/vod/sign',
    {
      config: { access: 'signedIn', audit: '申请直传凭证', auditPage: FROM_SCREEN },
      schema: {
        tags: ['上传'],
        summary: `直传凭证：一个对象键、一次 PUT，有效期 STORAGE_URL_TTL_S（默认 900 秒）`,
        querystring: signQuery,
        response: { 200: envelopeSchema(grantSchema) },
      },
    },
    async (req) => {
      const { name, kind, size, type } = req.query
      if (!isKind(kind)) return fail('BAD_REQUEST', '上传类型有误')
      const problem = checkUpload({ name, size, type }, kind)
      if (problem) fail('UPLOAD_REJECTED', problem)
      if (size > ctx.config.tusMaxBytes) fail('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge)
      const key = storageKey(name, randomUUID().replaceAll('-', ''), new Date())
      const contentType = contentTypeOf(key)
      // The bucket serves what the app would: anything not image/audio/video downloads, never renders.
      const disposition = isInlineMime(contentType) ? undefined : 'attachment'
      const headers: Record<string, string> = { 'content-type': contentType }
      if (disposition) headers['content-disposition'] = disposition
      const startTime = Date.now()
      const expires = Math.floor(startTime / 1000) + ttlS
      const uploadUrl = isS3(storage)
        ? await presignPut(storage, ttlS, headers, {
            Bucket: storage.options.bucket,
            Key: key,
            ContentType: contentType,
            ContentDisposition: disposition,
          })
        : `${ctx.config.publicUrl}${DIRECT_PATH}/${key}?kind=${kind}&expires=${expires}&sig=${ctx.urlSigner.sign(putSubject(kind, key), expires)}`
      const adminId = req.principal!.adminId
      req.auditInfo.target = key
      await db.insert(uploadGrant).values({ key, adminId, kind, expiresAt: new Date(expires * 1000) })
      return ok({
        key,
        ...location,
        uploadUrl,
        method: 'PUT' as const,
        headers,
        startTime,
        expiredTime: expires * 1000,
        token: `${kind}.${expires}.${ctx.urlSigner.sign(grantSubject(adminId, kind, key), expires)}`,
      })
    },
  )

  app.get(
    '/api/upload/vod/url',
    {
      config: { access: 'signedIn', audit: '确认直传文件', auditPage: FROM_SCREEN },
      schema: {
        tags: ['上传'],
        summary: '确认直传：检查已上传对象的内容，不合格的对象被删除（422）',
        querystring: confirmQuery,
        response: { 200: envelopeSchema(resultSchema) },
      },
    },
    async (req) => {
      const { key, token } = req.query
      req.auditInfo.target = key
      const [kind = '', expires = '', sig = ''] = token.split('.')
      // Another account's, an expired or a forged token all read the same: no grant.
      if (
        !isKind(kind) ||
        !KEY_PATTERN.test(key) ||
        !ctx.urlSigner.verify(grantSubject(req.principal!.adminId, kind, key), Number(expires), sig)
      )
        return fail('FORBIDDEN', '上传凭证无效或已过期')
      const name = baseName(key)
      let size: number
      if (isS3(storage)) {
        const { HeadObjectCommand } = await import('@aws-sdk/client-s3')
        const head = await storage.client
          .send(new HeadObjectCommand({ Bucket: storage.options.bucket, Key: key }))
          .catch((err: unknown) => {
            if (missing(err)) return null
            throw err
          })
        if (!head) return fail('NOT_FOUND', '文件尚未上传')
        size = head.ContentLength ?? 0
        const problem =
          checkUpload({ name, size, type: '' }, kind) ??
          (size > ctx.config.tusMaxBytes ? UPLOAD_MESSAGES.tooLarge : null) ??
          (await inspectObject(storage, ctx.spoolDir, key, name))
        if (problem) {
          await storage.delete(key)
          await db.delete(uploadGrant).where(eq(uploadGrant.key, key))
          fail('UPLOAD_REJECTED', problem)
        }
      } else {
        // The local PUT checked the content before storing it: an object here passed.
        const stored = await storage.get(key)
        if (!stored) return fail('NOT_FOUND', '文件尚未上传')
        stored.body.destroy()
        size = stored.size
      }
      // Confirmed: the object is the caller's to use, no longer the sweep's to remove.
      await db.delete(uploadGrant).where(eq(uploadGrant.key, key))
      const url = await storedUrl(ctx, key)
      return ok({
        status: 'success' as const,
        response: { url, opt: { ...location, pathName: key } },
        url,
        key,
        name,
        size,
        contentType: contentTypeOf(key),
      })
    },
  )

  if (isS3(storage)) return
  // The local driver's stand-in for a presigned PUT: the signature is the authorisation (like S3's), so the
  // body streams in without a session; it is capped, spooled and checked before it is stored under the key.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null))
    scope.put(
      `${DIRECT_PATH}/*`,
      {
        config: { access: 'public', auditSkip: true },
        schema: {
          tags: ['上传'],
          summary: '本地存储的直传地址（由 /api/upload/vod/sign 签发）',
          response: { 200: envelopeSchema(uploadResultSchema) },
        },
      },
      async (req) => {
        const key = (req.params as { '*': string })['*']
        const q = req.query as { kind?: string; expires?: string; sig?: string }
        const kind = q.kind ?? ''
        if (
          !isKind(kind) ||
          !KEY_PATTERN.test(key) ||
          !ctx.urlSigner.verify(putSubject(kind, key), Number(q.expires), String(q.sig ?? ''))
        )
          return fail('FORBIDDEN', '上传地址无效或已过期')
        // As on S3, where the type is part of the signature: the bytes go in under the granted type only.
        if (req.headers['content-type'] !== contentTypeOf(key))
          return fail('FORBIDDEN', '上传地址无效或已过期')
        // One upload per grant: a confirmed object is never replaced through its old URL.
        if (await storage.exists(key)) return fail('CONFLICT', '文件已上传')
        await mkdir(ctx.spoolDir, { recursive: true })
        const spooled = join(ctx.spoolDir, randomUUID())
        try {
          await pipeline(req.raw, capped(ctx.config.tusMaxBytes), createWriteStream(spooled))
          return ok(await storeUpload(ctx, spooled, baseName(key), '', kind, { key }))
        } finally {
          await rm(spooled, { force: true })
        }
      },
    )
  })
}
