import {
  openCommunityMessages as msg,
  type OpenProfile,
  openLoginBodySchema,
  openLoginResultSchema,
  openProfileBodySchema,
  openProfileSchema,
  openSendCodeBodySchema,
  openSendCodeResultSchema,
  openUploadSchema,
} from '@moc/domain/api/openCommunity'
import { wordMessages } from '@moc/domain/api/sensitiveWords'
import { VERIFY_CODE_COOLDOWN_S } from '@moc/domain/constants'
import { IMAGE_EXTENSIONS } from '@moc/domain/rules/upload'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { appUser, userLevel } from '../../db/tables/community.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError, fail } from '../../platform/errors.ts'
import { receiveUpload } from '../upload/storeUpload.ts'
import { appTokenOf } from './appSessions.ts'
import { appUserOf, auditApp, openTags as tags } from './openCommon.ts'
import { signIn } from './openSignIn.ts'

/** What the app may upload: pictures and mp4 videos, under the console widget's rules and messages. */
const APP_UPLOAD_EXTENSIONS = [...IMAGE_EXTENSIONS, 'mp4']

/** A user's own profile, with the name of their level. */
export async function profileOf(db: Db, userId: number): Promise<OpenProfile> {
  const [row] = await db
    .select({ user: appUser, levelName: userLevel.name })
    .from(appUser)
    .leftJoin(userLevel, eq(userLevel.level, appUser.level))
    .where(eq(appUser.id, userId))
  if (!row) throw new AppError('SESSION_EXPIRED')
  const u = row.user
  return {
    id: u.id,
    phone: u.phone,
    nickname: u.nickname,
    avatar: u.avatar,
    gender: u.gender,
    region: u.region,
    intro: u.intro,
    points: u.points ?? 0,
    level: u.level ?? 1,
    levelName: row.levelName ?? '',
    createdAt: u.createdAt.toISOString(),
  }
}

/**
 * App users: SMS code, sign-in (sign-up on the first), sign-out, the profile and uploads (decision 0041). The code
 * and sign-in calls are limited per address and per phone (rateLimit.ts authLimit, decision 0030).
 */
export async function openUserRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const phoneOf = (req: FastifyRequest) => `phone:${(req.body as { phone?: string }).phone}`

  app.post(
    '/api/open/user/sendCode',
    {
      config: { access: 'public', audit: 'App发送验证码', authLimit: { group: 'smsCode', account: phoneOf } },
      schema: {
        tags,
        summary: '发送 App 登录/注册验证码（短信；内置通道写入短信发件箱）',
        body: openSendCodeBodySchema,
        response: { 200: envelopeSchema(openSendCodeResultSchema) },
      },
    },
    async (req) => {
      req.auditInfo.target = `phone:${req.body.phone}`
      await ctx.verifyCodes.send(req.body.phone, 'app', null)
      return ok({ cooldown: VERIFY_CODE_COOLDOWN_S }, msg.codeSent)
    },
  )

  app.post(
    '/api/open/user/login',
    {
      config: {
        access: 'public',
        audit: 'App用户登录',
        authLimit: { group: 'signIn', account: (req) => `app${phoneOf(req)}` },
      },
      schema: {
        tags,
        summary:
          '手机号 + 验证码登录；首次登录即注册（可带邀请码，仅注册时有效）。返回 App 会话令牌：Authorization: Bearer <token>',
        body: openLoginBodySchema,
        response: { 200: envelopeSchema(openLoginResultSchema) },
      },
    },
    async (req) => {
      const { code, ...input } = req.body
      req.auditInfo.target = `phone:${input.phone}`
      await ctx.verifyCodes.check(input.phone, 'app', code)
      const s = await signIn(ctx, input)
      req.auditInfo.username = `App用户#${s.userId}`
      req.auditInfo.target = `appUser:${s.userId}`
      return ok(
        {
          token: s.token,
          expiresAt: s.expiresAt.toISOString(),
          created: s.created,
          user: await profileOf(db, s.userId),
        },
        s.created ? msg.signedUp : msg.signedIn,
      )
    },
  )

  app.post(
    '/api/open/user/logout',
    {
      // Public: a sign-out ends the token it carries whatever the user's state (a locked user may sign out).
      config: { access: 'public', audit: 'App用户退出登录' },
      schema: {
        tags,
        summary: '退出登录：结束所带令牌的 App 会话',
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const token = appTokenOf(req)
      if (token) await ctx.appSessions.revoke(token)
      return ok(null, msg.signedOut)
    },
  )

  app.get(
    '/api/open/user/profile',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '我的资料：昵称、头像、性别、地区、简介、积分、等级',
        response: { 200: envelopeSchema(openProfileSchema) },
      },
    },
    async (req) => ok(await profileOf(db, appUserOf(req).userId)),
  )

  app.post(
    '/api/open/user/profile',
    {
      config: { access: 'appUser', audit: 'App用户修改资料' },
      schema: {
        tags,
        summary: '修改我的资料（只改所给字段）；昵称、简介含禁用词时拒绝',
        body: openProfileBodySchema,
        response: { 200: envelopeSchema(openProfileSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      auditApp(req, `appUser:${me.userId}`, me.nickname)
      const changes = Object.fromEntries(Object.entries(req.body).filter(([, v]) => v !== undefined))
      if (!Object.keys(changes).length) fail('BAD_REQUEST', msg.nothingToSave)
      const index = await ctx.sensitive.index()
      const blocked = [
        ...new Set(
          [req.body.nickname, req.body.intro].flatMap((text) => (text ? index.scan({ text }).blocked : [])),
        ),
      ]
      if (blocked.length) throw new AppError('VALIDATION', wordMessages.blocked(blocked), { blocked })
      await db
        .update(appUser)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(appUser.id, me.userId))
      return ok(await profileOf(db, me.userId), msg.profileSaved)
    },
  )

  app.post(
    '/api/open/upload',
    {
      config: { access: 'appUser', audit: 'App上传文件' },
      schema: {
        tags,
        summary:
          '上传头像、帖子图片或视频（multipart 字段 file；jpg/png/gif/webp 图片或 mp4 视频，规则与后台上传相同）',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(openUploadSchema) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) fail('BAD_REQUEST', '请选择要上传的文件')
      const part = await req.file()
      if (!part) return fail('BAD_REQUEST', '请选择要上传的文件')
      const stored = await receiveUpload(ctx, part, 'imageOrVideo', { accept: APP_UPLOAD_EXTENSIONS })
      auditApp(req, stored.key)
      return ok(stored)
    },
  )
}
