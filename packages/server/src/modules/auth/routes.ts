import {
  accountMessages,
  authenticateBodySchema,
  defaultPreferences,
  demoBackendMessages,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResultSchema,
  preferencesSchema,
  registerBodySchema,
  secondaryLoginBodySchema,
  sendMsgBodySchema,
  sendMsgResultSchema,
  signedInSchema,
} from '@moc/domain/api/session'
import { VERIFY_CODE_COOLDOWN_S } from '@moc/domain/constants'
import { isSuperAdmin } from '@moc/domain/permissions/can'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { idQuerySchema } from '@moc/domain/transport/ids'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ADMIN_STATE, admin } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { tokenOf } from '../../platform/guard.ts'
import { hashPassword } from '../../platform/passwords.ts'
import { signInFailures } from '../../platform/rateLimit.ts'
import {
  type AdminRow,
  findAdminById,
  findAdminByUsername,
  grantPayload,
  maskPhone,
  signedInPayload,
} from './accounts.ts'
import { checkPassword } from './login.ts'
import { LoginTickets } from './ticket.ts'

const tags = ['登录与会话']
const sessionDataSchema = signedInSchema.omit({ token: true })

export async function authRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const tickets = new LoginTickets(ctx.codec.serverKey.privateKey)
  const addressFailures = signInFailures(app, ctx.config)
  /** The account a body names, for the per-account limits (rateLimit.ts): lower-cased, as accounts are matched. */
  const bodyOf = (req: FastifyRequest) => req.body as Record<string, string | undefined>
  const named = (field: 'username' | 'email' | 'phone') => (req: FastifyRequest) =>
    `${field}:${bodyOf(req)[field]?.toLowerCase()}`
  const ticketAccount = (req: FastifyRequest) => {
    const id = tickets.verify(bodyOf(req).ticket ?? '')
    return id === undefined ? undefined : `admin:${id}`
  }

  async function startSession(req: FastifyRequest, row: AdminRow) {
    const single = await ctx.settings.get('security.singleSession')
    const token = await ctx.sessions.create(row.id, req.ip, req.headers['user-agent'] ?? '', single)
    req.auditInfo.adminId = row.id
    req.auditInfo.username = row.username
    return { token, ...(await signedInPayload(db, row)) }
  }

  app.post(
    '/api/admin/login',
    {
      config: { access: 'public', audit: '登录', authLimit: { group: 'signIn', account: named('username') } },
      schema: {
        tags,
        summary: '账号密码登录',
        body: loginBodySchema,
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async (req, reply) => {
      req.auditInfo.username = req.body.username
      const row = await checkPassword(
        ctx,
        addressFailures,
        req,
        reply,
        await findAdminByUsername(db, req.body.username),
        req.body.password,
      )
      if (row.requireSms && row.phone) {
        req.auditInfo.adminId = row.id
        req.auditInfo.target = '密码正确，待短信验证'
        return ok(
          { needSecondary: true as const, ticket: tickets.issue(row.id), phone: maskPhone(row.phone) },
          '请输入短信验证码',
        )
      }
      return ok(await startSession(req, row), '登录成功')
    },
  )

  app.post(
    '/api/admin/secondaryLogin',
    {
      config: {
        access: 'public',
        audit: '短信验证登录',
        authLimit: { group: 'signIn', account: ticketAccount },
      },
      schema: {
        tags,
        summary: '短信二次验证登录',
        body: secondaryLoginBodySchema,
        response: { 200: envelopeSchema(signedInSchema) },
      },
    },
    async (req) => {
      const id = tickets.verify(req.body.ticket)
      const row = id ? await findAdminById(db, id) : undefined
      if (!row || row.state !== ADMIN_STATE.enabled) throw new AppError('LOGIN_TICKET_INVALID')
      req.auditInfo.username = row.username
      await ctx.verifyCodes.check(row.phone, 'login', req.body.verifyCode)
      return ok(await startSession(req, row), '登录成功')
    },
  )

  const sendMsg = async (req: FastifyRequest<{ Body: z.infer<typeof sendMsgBodySchema> }>) => {
    const body = req.body
    if (body.purpose === 'login') {
      const id = tickets.verify(body.ticket)
      const row = id ? await findAdminById(db, id) : undefined
      if (!row?.phone) throw new AppError('LOGIN_TICKET_INVALID')
      await ctx.verifyCodes.send(row.phone, 'login', row.id)
    } else if (body.purpose === 'update') {
      const principal = await ctx.sessions.authenticate(tokenOf(req))
      req.principal = principal
      await ctx.verifyCodes.send(body.phone, 'update', principal.adminId)
    } else {
      // Answer the same whether or not the account and phone match, so the call reveals no accounts.
      const row = await findAdminByUsername(db, body.username)
      if (row && row.phone === body.phone && row.state === ADMIN_STATE.enabled)
        await ctx.verifyCodes.send(body.phone, 'reset', row.id)
    }
    return ok({ cooldown: VERIFY_CODE_COOLDOWN_S }, '验证码已发送')
  }
  for (const url of ['/api/admin/user-center/sendMsg', '/api/create-platform/user-center/sendMsg'])
    app.post(
      url,
      {
        config: {
          access: 'public',
          audit: '发送验证码',
          // The phone the code goes to; a sign-in code's phone is the ticket's account's.
          authLimit: {
            group: 'smsCode',
            account: (req) => (bodyOf(req).purpose === 'login' ? ticketAccount(req) : named('phone')(req)),
          },
        },
        schema: {
          tags,
          summary: '发送短信验证码',
          body: sendMsgBodySchema,
          response: { 200: envelopeSchema(sendMsgResultSchema) },
        },
      },
      sendMsg,
    )

  app.post(
    '/api/admin/logout',
    {
      config: { access: 'signedIn', audit: '退出登录' },
      schema: { tags, summary: '退出登录（服务端注销会话）' },
    },
    async (req) => {
      await ctx.sessions.revoke(req.principal!.tokenHash, 'logout')
      return ok(null, '已退出登录')
    },
  )

  app.get(
    '/api/user/detail',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: '当前登录用户', response: { 200: envelopeSchema(sessionDataSchema) } },
    },
    async (req) => {
      const p = req.principal!
      return ok({ user: p.user, ...grantPayload(p.roleId, p.power, p.powerMenuAttrs) })
    },
  )

  // GET /api/admin/detail and POST /api/admin/update (personal info and account editing): modules/system.

  app.get(
    '/api/admin/preferences',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '个人界面设置（布局、菜单语言）',
        response: { 200: envelopeSchema(preferencesSchema) },
      },
    },
    async (req) => {
      const row = await findAdminById(db, req.principal!.adminId)
      const parsed = preferencesSchema.safeParse(row?.preferences)
      // No saved preferences yet: the platform-wide defaults of 样式设置.
      if (parsed.success) return ok(parsed.data)
      return ok({ ...defaultPreferences, layout: await ctx.settings.get('style.defaults') })
    },
  )

  app.post(
    '/api/admin/preferences',
    {
      config: { access: 'signedIn', audit: '保存界面设置' },
      schema: { tags, summary: '保存个人界面设置', body: preferencesSchema },
    },
    async (req) => {
      await db.update(admin).set({ preferences: req.body }).where(eq(admin.id, req.principal!.adminId))
      return ok(null, '保存成功')
    },
  )

  app.post(
    '/api/admin/forgot-password',
    {
      config: {
        access: 'public',
        audit: '找回密码',
        authLimit: { group: 'passwordReset', account: named('username') },
      },
      schema: { tags, summary: '通过短信验证码重置密码', body: forgotPasswordBodySchema },
    },
    async (req) => {
      const { username, phone, verifyCode, newPassword } = req.body
      req.auditInfo.username = username
      const row = await findAdminByUsername(db, username)
      if (!row || row.phone !== phone || row.state !== ADMIN_STATE.enabled)
        throw new AppError('VERIFY_CODE_INVALID')
      await ctx.verifyCodes.check(phone, 'reset', verifyCode)
      const passwordHash = await hashPassword(newPassword)
      await db.transaction(async (tx) => {
        await tx
          .update(admin)
          .set({ passwordHash, passwordChangedAt: new Date(), failedLogins: 0, lockedUntil: null })
          .where(eq(admin.id, row.id))
        await ctx.sessions.revokeAll(row.id, 'password', undefined, tx)
      })
      return ok(null, accountMessages.passwordReset)
    },
  )

  // Demo login backend (spec §7): real endpoints on the same accounts, with its English messages.
  app.post(
    '/api/users/register',
    {
      config: {
        access: 'public',
        audit: '注册账号',
        authLimit: { group: 'register', account: named('username') },
      },
      schema: { tags, summary: '注册（待超级管理员审批）', body: registerBodySchema },
    },
    async (req) => {
      if (!(await ctx.settings.get('security.allowRegistration')))
        throw new AppError('FORBIDDEN', '系统未开放注册')
      const b = req.body
      req.auditInfo.username = b.username
      if (await findAdminByUsername(db, b.username))
        throw new AppError('CONFLICT', demoBackendMessages.usernameTaken(b.username))
      const passwordHash = await hashPassword(b.password)
      const [created] = await db
        .insert(admin)
        .values({
          username: b.username,
          passwordHash,
          realName: b.realName,
          email: b.email,
          phone: b.phone,
          state: ADMIN_STATE.pending,
        })
        .onConflictDoNothing()
        .returning({ id: admin.id })
      if (!created) throw new AppError('CONFLICT', demoBackendMessages.usernameTaken(b.username))
      req.auditInfo.target = `admin:${created.id}`
      req.auditInfo.targetName = b.username
      return ok({ id: created.id }, demoBackendMessages.registered)
    },
  )

  app.post(
    '/api/users/authenticate',
    {
      config: {
        access: 'public',
        audit: '邮箱登录',
        authLimit: { group: 'signIn', account: named('email') },
      },
      schema: {
        tags,
        summary: '邮箱密码登录（演示后端接口）',
        body: authenticateBodySchema,
        response: { 200: envelopeSchema(signedInSchema) },
      },
    },
    async (req, reply) => {
      req.auditInfo.username = req.body.email
      const [row] = await db
        .select()
        .from(admin)
        .where(eq(admin.email, req.body.email.toLowerCase()))
        .limit(1)
      const checked = await checkPassword(
        ctx,
        addressFailures,
        req,
        reply,
        row,
        req.body.password,
        demoBackendMessages.badCredentials,
      )
      if (checked.requireSms) throw new AppError('FORBIDDEN', '该账号需要短信验证，请从登录页登录')
      return ok(await startSession(req, checked))
    },
  )

  const demoUser = z.object({
    id: z.number(),
    username: z.string(),
    realName: z.string(),
    email: z.string(),
    state: z.number(),
  })
  const toDemoUser = (r: AdminRow) => ({
    id: r.id,
    username: r.username,
    realName: r.realName,
    email: r.email,
    state: r.state,
  })
  app.get(
    '/api/users',
    {
      config: {
        access: { page: '系统-账号', action: '查看' },
        authMessage: demoBackendMessages.unauthorised,
      },
      schema: {
        tags,
        summary: '账号列表（演示后端接口，Bearer 令牌）',
        response: { 200: envelopeSchema(z.array(demoUser)) },
      },
    },
    async () => ok((await db.select().from(admin).orderBy(admin.id).limit(5000)).map(toDemoUser)),
  )
  app.get(
    '/api/users/:id',
    {
      config: { access: 'signedIn', authMessage: demoBackendMessages.unauthorised },
      schema: {
        tags,
        summary: '账号详情（演示后端接口）',
        params: z.object({ id: idQuerySchema }),
        response: { 200: envelopeSchema(demoUser) },
      },
    },
    async (req) => {
      const p = req.principal!
      if (req.params.id !== p.adminId && !isSuperAdmin(p))
        throw new AppError('FORBIDDEN', demoBackendMessages.unauthorised)
      const row = await findAdminById(db, req.params.id)
      if (!row) throw new AppError('NOT_FOUND')
      return ok(toDemoUser(row))
    },
  )
}
