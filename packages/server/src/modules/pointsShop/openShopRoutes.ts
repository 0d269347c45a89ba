import {
  openPointsSchema,
  openRedeemBodySchema,
  openRedeemSchema,
  openShopOrdersSchema,
  openShopPageQuerySchema,
  openShopSchema,
  shopMessages,
} from '@moc/domain/api/pointsShop'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { appUser } from '../../db/tables/community.ts'
import { pointLog, shopItem, shopOrder, userCoupon } from '../../db/tables/marketing.ts'
import type { Ctx } from '../../platform/context.ts'
import { appUserOf, auditApp, offsetOf } from '../community/openCommon.ts'
import { POINT_SOURCES, type PointSource } from '../points/grantPoints.ts'
import { redeemedBy } from './shopRecords.ts'
import { redeem } from './shopRedeem.ts'

const tags = ['App 开放接口-积分商城']

/**
 * The app-facing shop (DESIGN §6a, decision 0051), for signed-in app users: the entrance and the items on the shelf,
 * redeeming one, the caller's records, and the caller's points with their history.
 */
export async function openShopRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  const pointsOf = async (userId: number) => {
    const [u] = await db.select({ points: appUser.points }).from(appUser).where(eq(appUser.id, userId))
    return u?.points ?? 0
  }

  app.get(
    '/api/open/shop',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '积分商城：入口（显示时）、上架商品（按排序，含剩余库存与本人已兑换数）、本人积分',
        response: { 200: envelopeSchema(openShopSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const [entrance, rows, points] = await Promise.all([
        ctx.settings.get('shop.entrance'),
        db
          .select()
          .from(shopItem)
          .where(eq(shopItem.showState, true))
          .orderBy(asc(shopItem.sort), asc(shopItem.id))
          .limit(200),
        pointsOf(me.userId),
      ])
      const mine = await redeemedBy(
        db,
        me.userId,
        rows.map((r) => r.id),
      )
      return ok({
        entrance: entrance.show ? { name: entrance.name, icon: entrance.icon, link: entrance.link } : null,
        points,
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          cover: r.cover,
          description: r.description,
          kind: r.kind,
          points: r.points,
          stock: r.stock,
          redeemed: r.redeemed,
          left: r.stock - r.redeemed,
          perUserLimit: r.perUserLimit,
          mine: mine.get(r.id) ?? 0,
        })),
      })
    },
  )

  app.post(
    '/api/open/shop/redeem',
    {
      config: { access: 'appUser', audit: 'App用户积分兑换' },
      schema: {
        tags,
        summary:
          '积分兑换：上架、有库存、未超每人限兑、积分足够（409 积分不足）；优惠券商品发放优惠券一张，头像框商品授予头像框（已拥有则不能兑换）；全部在一个事务内',
        body: openRedeemBodySchema,
        response: { 200: envelopeSchema(openRedeemSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      auditApp(req, `shopItem:${req.body.itemId}`)
      const r = await redeem(db, me.userId, req.body.itemId, req.body.remark ?? '')
      req.auditInfo.targetName = `兑换记录 ${r.orderId}（${r.points} 积分）`
      return ok(r, shopMessages.redeemed)
    },
  )

  app.get(
    '/api/open/shop/orders',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '我的兑换记录（最新在前）',
        querystring: openShopPageQuerySchema,
        response: { 200: envelopeSchema(openShopOrdersSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const mine = eq(shopOrder.userId, me.userId)
      const [rows, [n]] = await Promise.all([
        db
          .select({
            id: shopOrder.id,
            itemId: shopOrder.itemId,
            itemName: shopItem.name,
            cover: shopItem.cover,
            kind: shopItem.kind,
            points: shopOrder.points,
            state: shopOrder.state,
            remark: shopOrder.remark,
            couponCode: userCoupon.code,
            createdAt: shopOrder.createdAt,
          })
          .from(shopOrder)
          .innerJoin(shopItem, eq(shopItem.id, shopOrder.itemId))
          .leftJoin(
            userCoupon,
            and(eq(userCoupon.id, shopOrder.userCouponId), eq(userCoupon.userId, me.userId)),
          )
          .where(mine)
          .orderBy(desc(shopOrder.createdAt), desc(shopOrder.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(shopOrder).where(mine),
      ])
      return ok({
        items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total: n?.n ?? 0,
      })
    },
  )

  app.get(
    '/api/open/points',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '我的积分：当前积分与积分明细（最新在前）',
        querystring: openShopPageQuerySchema,
        response: { 200: envelopeSchema(openPointsSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const mine = eq(pointLog.userId, me.userId)
      const [points, rows, [n]] = await Promise.all([
        pointsOf(me.userId),
        db
          .select()
          .from(pointLog)
          .where(mine)
          .orderBy(desc(pointLog.createdAt), desc(pointLog.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(pointLog).where(mine),
      ])
      return ok({
        points,
        items: rows.map((r) => ({
          id: r.id,
          delta: r.delta,
          balance: r.balance,
          source: r.source,
          sourceLabel: POINT_SOURCES[r.source as PointSource] ?? r.source,
          remark: r.remark,
          createdAt: r.createdAt.toISOString(),
        })),
        total: n?.n ?? 0,
      })
    },
  )
}
