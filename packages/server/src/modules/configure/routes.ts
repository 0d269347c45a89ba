import {
  configureMessages,
  configureRestoreSchema,
  configureTypeLabels,
  configureTypeSchema,
  configureVersionSchema,
} from '@moc/domain/api/configure'
import { envelopeSchema, ok, pageQuerySchema, pageSchema } from '@moc/domain/transport/envelope'
import { idQuerySchema } from '@moc/domain/transport/ids'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Ctx } from '../../platform/context.ts'
import { ConfigureStore } from './store.ts'

const tags = ['系统-运营配置']

/**
 * 运营配置 version history. The current text is read and saved through GET /api/setting/get?type= and
 * POST /api/setting/update {type, content} (spec §7, modules/settings/routes.ts).
 */
export async function configureRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const store = new ConfigureStore(ctx.database.db, ctx.settings)

  app.get(
    '/api/setting/versions',
    {
      config: { access: { page: '系统-运营配置', action: '查看' } },
      schema: {
        tags,
        summary: '运营配置版本历史（保存人、时间、大小），新的在前',
        querystring: pageQuerySchema.extend({
          type: configureTypeSchema,
          pageSize: z.coerce.number().int().min(1).max(100).default(30),
        }),
        response: { 200: envelopeSchema(pageSchema(configureVersionSchema)) },
      },
    },
    async (req) => ok(await store.versions(req.query.type, req.query.page, req.query.pageSize)),
  )

  app.get(
    '/api/setting/version',
    {
      config: { access: { page: '系统-运营配置', action: '查看' } },
      schema: {
        tags,
        summary: '运营配置某一版本的内容',
        querystring: z.object({ type: configureTypeSchema, id: idQuerySchema }),
        response: {
          200: envelopeSchema(
            configureVersionSchema.extend({ type: configureTypeSchema, content: z.string() }),
          ),
        },
      },
    },
    async (req) => ok(await store.version(req.query.type, req.query.id)),
  )

  app.post(
    '/api/setting/restore',
    {
      config: { access: { page: '系统-运营配置', action: '编辑' }, audit: '恢复运营配置版本' },
      schema: {
        tags,
        summary: '恢复运营配置的某一版本（另存为最新版本）',
        body: configureRestoreSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const { type, id } = req.body
      const p = req.principal!
      req.auditInfo.target = `${configureTypeLabels[type]}（${type}）版本 ${id}`
      const created = await store.restore(type, id, { adminId: p.adminId, username: p.username })
      return ok({ id: created }, configureMessages.restored)
    },
  )
}
