import {
  ACCOUNT_STATE,
  accountCreateSchema,
  accountDetailSchema,
  accountFormMessages,
  accountItemSchema,
  accountListFilters,
  accountModifySchema,
} from '@moc/domain/api/accounts'
import { accountMessages } from '@moc/domain/api/session'
import { can } from '@moc/domain/permissions/can'
import { envelopeSchema, ok, pageQuerySchema, pageSchema } from '@moc/domain/transport/envelope'
import { idQuerySchema, idSchema } from '@moc/domain/transport/ids'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { admin } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { createAccount, modifyAccount, removeAccount, setAccountState } from './accountCommands.ts'
import { accountDetail, listAccounts } from './accountQueries.ts'
import { adminUpdateBodySchema, isPersonalUpdate, updateOwnAccount } from './personalInfo.ts'

const tags = ['系统-账号']
const page = '系统-账号'
const id = idSchema
const idQuery = z.object({ id: idQuerySchema })
const settableState = z.union([z.literal(ACCOUNT_STATE.enabled), z.literal(ACCOUNT_STATE.disabled)])
const listQuery = pageQuerySchema.extend(accountListFilters)
const listResponse = { 200: envelopeSchema(pageSchema(accountItemSchema)) }
const detailResponse = { 200: envelopeSchema(accountDetailSchema) }
const createdResponse = { 200: envelopeSchema(z.object({ id: z.number() })) }

const stateMessage = (state: number) =>
  state === ACCOUNT_STATE.enabled ? accountMessages.enabled : accountMessages.disabled

/**
 * Accounts (spec §2 /account, /accountDetail). Spec §7 lists two path sets for the same operations; both
 * are served by the same queries and commands (accountQueries.ts, accountCommands.ts). The web uses the
 * /api/admin/* set; /api/system/* is kept for clients of the original API.
 */
export async function accountRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  /** The operation log's target: admin:<id> and the account's name, read before the change (decision 0034). */
  async function auditAccount(req: FastifyRequest, id: number) {
    req.auditInfo.target = `admin:${id}`
    const [row] = await db.select({ username: admin.username }).from(admin).where(eq(admin.id, id))
    req.auditInfo.targetName = row?.username ?? ''
  }

  const detailOf = async (target: number) => {
    const found = await accountDetail(db, target)
    if (!found) throw new AppError('NOT_FOUND', '账号不存在')
    return ok(found)
  }

  for (const url of ['/api/admin/list', '/api/system/accounts'])
    app.get(
      url,
      {
        config: { access: { page, action: '查看' } },
        schema: {
          tags,
          summary: '账号列表（按姓名、手机号、部门含下级、角色、状态搜索）',
          querystring: listQuery,
          response: listResponse,
        },
      },
      async (req) => {
        const { page: p, pageSize, ...filters } = req.query
        return ok(await listAccounts(db, filters, p, pageSize))
      },
    )

  app.get(
    '/api/admin/detail',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '账号详情：本人（个人信息），或有 系统-账号 查看 权限时任一账号',
        querystring: idQuery,
        response: detailResponse,
      },
    },
    async (req) => {
      const p = req.principal!
      if (req.query.id !== p.adminId && !can(p, page, '查看')) throw new AppError('FORBIDDEN')
      return detailOf(req.query.id)
    },
  )
  app.get(
    '/api/system/account/detail',
    {
      config: { access: { page, action: '查看' } },
      schema: { tags, summary: '账号详情', querystring: idQuery, response: detailResponse },
    },
    async (req) => detailOf(req.query.id),
  )

  for (const url of ['/api/admin/create', '/api/system/account/add'])
    app.post(
      url,
      {
        config: { access: { page, action: '添加' }, audit: '新增账号' },
        schema: { tags, summary: '新增账号', body: accountCreateSchema, response: createdResponse },
      },
      async (req) => {
        req.auditInfo.target = `admin:${req.body.username}`
        req.auditInfo.targetName = req.body.username
        const created = await createAccount(ctx, req.principal!, req.body)
        req.auditInfo.target = `admin:${created}`
        return ok({ id: created }, accountFormMessages.created)
      },
    )

  app.post(
    '/api/admin/update',
    {
      config: { access: 'signedIn', audit: '修改账号信息' },
      schema: {
        tags,
        summary:
          '修改账号：带 verifyCode 为本人修改个人信息；不带时为账号管理编辑（需 系统-账号 编辑），newPassword 即重置密码',
        body: adminUpdateBodySchema,
      },
    },
    async (req) => {
      const p = req.principal!
      const { adminId, verifyCode: _code, lastChangeTime: _t, loginMode: _m, ...changes } = req.body
      await auditAccount(req, adminId)
      if (isPersonalUpdate(req.body)) {
        await updateOwnAccount(ctx, p, req.body)
        return ok(null, accountFormMessages.modified)
      }
      if (!can(p, page, '编辑')) throw new AppError('FORBIDDEN')
      const { passwordReset } = await modifyAccount(ctx, p, adminId, changes)
      return ok(null, passwordReset ? accountFormMessages.passwordReset : accountFormMessages.modified)
    },
  )
  app.post(
    '/api/system/account/modify',
    {
      config: { access: { page, action: '编辑' }, audit: '修改账号信息' },
      schema: { tags, summary: '修改账号（newPassword 即重置密码）', body: accountModifySchema },
    },
    async (req) => {
      const { id: target, ...changes } = req.body
      await auditAccount(req, target)
      const { passwordReset } = await modifyAccount(ctx, req.principal!, target, changes)
      return ok(null, passwordReset ? accountFormMessages.passwordReset : accountFormMessages.modified)
    },
  )

  app.post(
    '/api/admin/state',
    {
      config: { access: { page, action: '启用/禁用' }, audit: '修改账号状态' },
      schema: {
        tags,
        summary: '审批注册 / 启用 / 禁用账号（禁用即刻结束其会话）',
        body: z.strictObject({ id, state: settableState }),
      },
    },
    async (req) => {
      await auditAccount(req, req.body.id)
      await setAccountState(ctx, req.principal!, req.body.id, req.body.state)
      return ok(null, stateMessage(req.body.state))
    },
  )
  app.get(
    '/api/system/account/modifyState',
    {
      config: { access: { page, action: '启用/禁用' }, audit: '修改账号状态' },
      schema: {
        tags,
        summary: '启用 / 禁用账号（同 POST /api/admin/state）',
        querystring: z.object({
          id: idQuerySchema,
          state: z.coerce.number().pipe(settableState),
        }),
      },
    },
    async (req) => {
      await auditAccount(req, req.query.id)
      await setAccountState(ctx, req.principal!, req.query.id, req.query.state)
      return ok(null, stateMessage(req.query.state))
    },
  )

  app.post(
    '/api/admin/delete',
    {
      config: { access: { page, action: '删除' }, audit: '删除账号' },
      schema: { tags, summary: '删除账号（即刻结束其会话）', body: z.strictObject({ id }) },
    },
    async (req) => {
      await auditAccount(req, req.body.id)
      await removeAccount(ctx, req.principal!, req.body.id)
      return ok(null, accountFormMessages.removed)
    },
  )
  app.get(
    '/api/system/account/remove',
    {
      config: { access: { page, action: '删除' }, audit: '删除账号' },
      schema: { tags, summary: '删除账号（同 POST /api/admin/delete）', querystring: idQuery },
    },
    async (req) => {
      await auditAccount(req, req.query.id)
      await removeAccount(ctx, req.principal!, req.query.id)
      return ok(null, accountFormMessages.removed)
    },
  )

  app.post(
    '/api/admin/director',
    {
      config: { access: { page, action: '编辑' }, audit: '设置部门负责人' },
      schema: {
        tags,
        summary: '设为 / 取消部门负责人',
        body: z.strictObject({ id, isDirector: z.boolean() }),
      },
    },
    async (req) => {
      const { id: target, isDirector } = req.body
      await auditAccount(req, target)
      await modifyAccount(ctx, req.principal!, target, { isDirector })
      return ok(null, isDirector ? accountFormMessages.directorOn : accountFormMessages.directorOff)
    },
  )

  app.post(
    '/api/admin/security',
    {
      config: { access: { page, action: '编辑' }, audit: '修改登录验证方式' },
      schema: {
        tags,
        summary: '设置账号登录是否需要短信验证码',
        body: z.strictObject({ id, requireSms: z.boolean() }),
      },
    },
    async (req) => {
      const { id: target, requireSms } = req.body
      await auditAccount(req, target)
      await modifyAccount(ctx, req.principal!, target, { requireSms })
      return ok(null, requireSms ? accountMessages.smsOn : accountMessages.smsOff)
    },
  )
}
