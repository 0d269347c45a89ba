import { shopEntranceDocSchema, shopEntranceSchema, shopMessages } from '@moc/domain/api/pointsShop'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { coupon } from '../../db/tables/marketing.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
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

  // An item's coupon is checked before the engine writes it: shop_item.coupon_id is a foreign key, and an unknown id
  // must be a 400 with the message, not the insert's failure (a ref field's own check does it where the coupon
  // definition is present; this keeps it so for any item write).
  const itemWrites = new Set(['/api/shopItem/add', '/api/shopItem/modify'])
  app.addHook('preHandler', async (req) => {
    if (!itemWrites.has(req.routeOptions.url ?? '')) return
    const body = req.body as { kind?: unknown; couponId?: unknown } | undefined
    if (body?.kind !== 'coupon' || typeof body.couponId !== 'number') return
    const [c] = await ctx.database.db
      .select({ id: coupon.id })
      .from(coupon)
      .where(eq(coupon.id, body.couponId))
    if (!c) throw new AppError('BAD_REQUEST', shopMessages.couponMissing)
  })

  await openShopRoutes(app, ctx)
}
