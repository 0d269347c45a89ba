import {
  configureDocSchema,
  configureMessages,
  configureTypeLabels,
  configureTypeSchema,
  configureUpdateSchema,
} from '@moc/domain/api/configure'
import { clientConfigSchema, layoutStateSchema } from '@moc/domain/api/session'
import type { ToolSettings } from '@moc/domain/api/tools'
import { isSuperAdmin } from '@moc/domain/permissions/can'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { settingSchemas, systemSettingKeys } from '../../platform/settings.ts'
import { ConfigureStore } from '../configure/store.ts'
import { checkToolSettings } from '../tools/routes.ts'

/** The 系统设置 form of POST /api/setting/update: one key and its value, each key with its own value schema. */
const systemSettingUpdateSchema = z.discriminatedUnion(
  'key',
  systemSettingKeys.map((key) =>
    z.strictObject({ key: z.literal(key), value: settingSchemas[key] }),
  ) as never as [z.ZodObject<{ key: z.ZodLiteral<(typeof systemSettingKeys)[number]>; value: z.ZodType }>],
)
const systemSettingsSchema = z.object(
  Object.fromEntries(systemSettingKeys.map((k) => [k, settingSchemas[k]])) as {
    [K in (typeof systemSettingKeys)[number]]: (typeof settingSchemas)[K]
  },
)

/** The browser's start-up configuration, the system settings, 运营配置 texts and 样式设置 defaults. */
export async function settingsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const configure = new ConfigureStore(ctx.database.db, ctx.settings)

  app.get(
    '/api/session/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['登录与会话'],
        summary: '浏览器启动配置（加密公钥等）',
        response: { 200: envelopeSchema(clientConfigSchema) },
      },
    },
    async () =>
      ok({
        encryption: ctx.config.bodyEncryption,
        kid: ctx.codec.serverKey.kid,
        publicKey: ctx.codec.serverKey.publicKey,
        environment: ctx.config.appEnv,
        serverTime: Date.now(),
      }),
  )

  app.get(
    '/api/setting/get',
    {
      config: { access: { page: '系统-运营配置', action: '查看' } },
      schema: {
        tags: ['系统-运营配置'],
        summary: '运营配置文本（?type=aboutus|agreement|privacy|cancel）；不带 type 时为系统设置',
        querystring: z.object({ type: configureTypeSchema.optional() }),
        response: { 200: envelopeSchema(z.union([configureDocSchema, systemSettingsSchema])) },
      },
    },
    async (req) => ok(req.query.type ? await configure.current(req.query.type) : await ctx.settings.all()),
  )

  app.post(
    '/api/setting/update',
    {
      config: {
        access: { page: '系统-运营配置', action: '编辑' },
        audit: '修改运营配置',
        auditAlso: ['修改系统设置'],
      },
      schema: {
        tags: ['系统-运营配置'],
        summary:
          '保存运营配置文本 {type, content}（服务端净化 HTML，另存为新版本）；或修改系统设置 {key, value}（仅超级管理员）',
        body: z.union([configureUpdateSchema, systemSettingUpdateSchema]),
      },
    },
    async (req) => {
      const body = req.body
      const p = req.principal!
      if ('type' in body) {
        req.auditInfo.target = `${configureTypeLabels[body.type]}（${body.type}）`
        const id = await configure.save(body.type, body.content, { adminId: p.adminId, username: p.username })
        req.auditInfo.target += ` 版本 ${id}`
        return ok({ id }, configureMessages.saved)
      }
      req.auditInfo.action = '修改系统设置'
      req.auditInfo.target = `setting:${body.key}`
      if (!isSuperAdmin(p)) throw new AppError('FORBIDDEN', '只有超级管理员可以修改系统设置')
      if (body.key === 'tools') await checkToolSettings(ctx.database.db, body.value as ToolSettings)
      await ctx.settings.set(body.key, body.value as never)
      return ok(null, '保存成功')
    },
  )

  app.get(
    '/api/setting/style',
    {
      config: { access: { page: '系统-样式设置', action: '查看' } },
      schema: {
        tags: ['系统-样式设置'],
        summary: '平台默认样式（未保存个人界面设置的账号使用）',
        response: { 200: envelopeSchema(layoutStateSchema) },
      },
    },
    async () => ok(await ctx.settings.get('style.defaults')),
  )

  app.post(
    '/api/setting/style/update',
    {
      config: { access: { page: '系统-样式设置', action: '编辑' }, audit: '修改样式设置' },
      schema: {
        tags: ['系统-样式设置'],
        summary: '保存平台默认样式',
        body: layoutStateSchema.strict(),
      },
    },
    async (req) => {
      req.auditInfo.target = 'setting:style.defaults'
      await ctx.settings.set('style.defaults', req.body)
      return ok(null, '保存成功')
    },
  )
}
