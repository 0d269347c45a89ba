import { shopEntranceDocSchema, shopEntranceSchema, shopMessages } from '@moc/domain/api/pointsShop'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Ctx } from '../../platform/context.ts'
import { openShopRoutes } from './openShopRoutes.ts'
import './shopRecords.ts'

const tags = ['营销-积分商城']

/**
 * The routes of 积分商城 (/ScoreShopEntrance, GET /create-platform/shop; decision 0051): the entrance setting (spec
 * §7 GET, and its save), and the app-facing calls. What the item and record definitions add to the engine (兑换内容,
 * the save rules, 发货, 积分调整) registers on import, before the engine mounts them.
 */
export async function pointsShopRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/create-platform/shop',
    {
      config: { access: { page: '营销-积分商城', action: '查看' } },
      schema: {
        tags,
        summary: '积分商城入口设置：App 是否显示入口、入口名称、图标与跳转链接',
        response: { 200: envelopeSchema(shopEntranceDocSchema) },
      },
    },
    async () => ok(await ctx.settings.get('shop.entrance')),
  )

  app.post(
    '/api/create-platform/shop',
    {
      config: { access: { page: '营销-积分商城', action: '编辑' }, audit: '修改积分商城入口' },
      schema: {
        tags,
        summary: '保存积分商城入口设置（显示时须填写跳转链接：http(s) 网址或以 / 开头的 App 内页面）',
        body: shopEntranceSchema,
        response: { 200: envelopeSchema(shopEntranceDocSchema) },
      },
    },
    async (req) => {
      req.auditInfo.target = 'setting:shop.entrance'
      req.auditInfo.targetName = `${req.body.name}（${req.body.show ? '显示' : '不显示'}）`
      await ctx.settings.set('shop.entrance', req.body)
      return ok(req.body, shopMessages.saved)
    },
  )

  await openShopRoutes(app, ctx)
}
