import {
  couponMessages,
  couponWriteOffResultSchema,
  openCouponClaimBodySchema,
  openCouponListQuerySchema,
  openCouponRedeemBodySchema,
  openCouponSchema,
  openMyCouponQuerySchema,
  openMyCouponSchema,
  userCouponState,
} from '@moc/domain/api/coupons'
import { couponBenefit } from '@moc/domain/resources/marketing/coupon'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, gt, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { coupon, userCoupon } from '../../db/tables/marketing.ts'
import type { Ctx } from '../../platform/context.ts'
import { appUserOf, auditApp, iso, offsetOf } from '../community/openCommon.ts'
import { writeOffCode } from './couponWriteOff.ts'
import { grantCoupons } from './grantCoupons.ts'

const tags = ['App 开放接口-优惠券']

/** A coupon the app offers to claim now: 上线, claimable, codes left, its fixed window not over. */
const claimableNow = (now: Date): SQL =>
  and(
    eq(coupon.showState, true),
    eq(coupon.claimable, true),
    lt(coupon.issued, coupon.stock),
    or(ne(coupon.validType, 'range'), isNull(coupon.validEnd), gt(coupon.validEnd, now)),
  )!

/** A held code's state as a condition (expired is unused past its window; never stored). */
function mineInState(state: string | undefined, now: Date): SQL | undefined {
  if (state === 'used') return eq(userCoupon.state, 'used')
  const notOver = or(isNull(userCoupon.validEnd), gt(userCoupon.validEnd, now))
  if (state === 'unused') return and(eq(userCoupon.state, 'unused'), notOver)
  if (state === 'expired') return and(eq(userCoupon.state, 'unused'), lte(userCoupon.validEnd, now))
  return undefined
}

/**
 * The app-facing coupon calls (DESIGN §6a, decision 0047), for signed-in app users: the coupons they may claim, 领取
 * (grantCoupons: per-user limit and stock exact), their own coupons by state, and using one of theirs (the same
 * exactly-once write-off as the counter's, channel app).
 */
export async function openCouponRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  /** The caller's coupons matching `where`, newest first. */
  const myCoupons = async (d: Db, where: SQL, page?: { limit: number; offset: number }) => {
    const q = d
      .select({ uc: userCoupon, c: coupon })
      .from(userCoupon)
      .innerJoin(coupon, eq(coupon.id, userCoupon.couponId))
      .where(where)
      .orderBy(desc(userCoupon.receivedAt), desc(userCoupon.id))
    const rows = page ? await q.limit(page.limit).offset(page.offset) : await q
    const now = new Date()
    return rows.map(({ uc, c }) => ({
      id: uc.id,
      code: uc.code,
      state: userCouponState(uc, now),
      couponId: c.id,
      name: c.name,
      cover: c.cover,
      kind: c.kind,
      benefit: couponBenefit(c),
      description: c.description,
      validStart: iso(uc.validStart),
      validEnd: iso(uc.validEnd),
      receivedAt: uc.receivedAt.toISOString(),
      usedAt: iso(uc.usedAt),
    }))
  }

  app.get(
    '/api/open/coupon/list',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '领券中心：可领取的优惠券（已上线、允许领取、有库存、未过期），附本人已领张数与能否再领',
        querystring: openCouponListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openCouponSchema)) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const now = new Date()
      const where = claimableNow(now)
      const held = sql<number>`(select count(*)::int from user_coupon h where h.coupon_id = coupon.id and h.user_id = ${me.userId})`
      const [rows, [n]] = await Promise.all([
        db
          .select({ c: coupon, held })
          .from(coupon)
          .where(where)
          .orderBy(desc(coupon.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(coupon).where(where),
      ])
      return ok({
        items: rows.map(({ c, held: h }) => ({
          id: c.id,
          name: c.name,
          cover: c.cover,
          kind: c.kind,
          value: c.value,
          discount: c.discount,
          threshold: c.threshold,
          benefit: couponBenefit(c),
          left: c.stock - c.issued,
          perUserLimit: c.perUserLimit,
          validType: c.validType,
          validStart: iso(c.validStart),
          validEnd: iso(c.validEnd),
          validDays: c.validDays,
          description: c.description,
          held: Number(h),
          canClaim: Number(h) < c.perUserLimit,
        })),
        total: n?.n ?? 0,
      })
    },
  )

  app.post(
    '/api/open/coupon/claim',
    {
      config: { access: 'appUser', audit: 'App用户领取优惠券' },
      schema: {
        tags,
        summary:
          '领取优惠券：允许领取的、已上线的券，每人不超过限领张数、不超过库存（优惠券库存不足，已领完 / 每人限领 N 张）',
        body: openCouponClaimBodySchema,
        response: { 200: envelopeSchema(openMyCouponSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      auditApp(req, `coupon:${req.body.couponId}`)
      const id = await db.transaction(async (tx) => {
        const { granted } = await grantCoupons(tx as unknown as Db, {
          couponId: req.body.couponId,
          userIds: [me.userId],
          claim: true,
        })
        return granted[0]!.id
      })
      const [mine] = await myCoupons(db, eq(userCoupon.id, id))
      return ok(mine!, couponMessages.claimed)
    },
  )

  app.get(
    '/api/open/coupon/mine',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '我的优惠券：本人的券码，可按状态（未使用 / 已使用 / 已过期）筛选，最新领取在前',
        querystring: openMyCouponQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openMyCouponSchema)) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const where = and(eq(userCoupon.userId, me.userId), mineInState(req.query.state, new Date()))!
      const [items, [n]] = await Promise.all([
        myCoupons(db, where, { limit: req.query.pageSize, offset: offsetOf(req.query) }),
        db.select({ n: count() }).from(userCoupon).where(where),
      ])
      return ok({ items, total: n?.n ?? 0 })
    },
  )

  app.post(
    '/api/open/coupon/redeem',
    {
      config: { access: 'appUser', audit: 'App用户使用优惠券' },
      schema: {
        tags,
        summary:
          '使用（核销）本人的一张优惠券：按券码或 id；与后台核销同一路径，每个券码只能核销一次（券码不存在 / 该券码已核销（核销时间 …） / 该券已过期）',
        body: openCouponRedeemBodySchema,
        response: { 200: envelopeSchema(couponWriteOffResultSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      auditApp(req, `userCoupon:${req.body.code ?? req.body.id}`)
      const done = await writeOffCode(db, {
        ...(req.body.id !== undefined ? { id: req.body.id } : { code: req.body.code! }),
        channel: 'app',
        holderId: me.userId,
      })
      return ok(
        { id: done.id, code: done.code, couponName: done.couponName, usedAt: done.usedAt },
        couponMessages.writtenOff,
      )
    },
  )
}
