import {
  COUPON_SEND_USERS_MAX,
  couponLookupQuerySchema,
  couponLookupSchema,
  couponMessages,
  couponSendBodySchema,
  couponSendExportBodySchema,
  couponSendOptionSchema,
  couponSendOptionsQuerySchema,
  couponSendRecordsQuerySchema,
  couponSendResultSchema,
  couponWriteOffBodySchema,
  couponWriteOffExportBodySchema,
  couponWriteOffListQuerySchema,
  couponWriteOffResultSchema,
  couponWriteOffRowSchema,
  userCouponRowSchema,
} from '@moc/domain/api/coupons'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { appUser, portrait } from '../../db/tables/community.ts'
import { coupon, couponSend, couponWriteOff, userCoupon } from '../../db/tables/marketing.ts'
import { recordInScope } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern } from '../../platform/paging.ts'
import { sendXlsx } from '../../platform/xlsxReply.ts'
import { portraitWhere, rulesOf } from '../community/portraitWhere.ts'
import './couponRecords.ts'
import {
  couponInScope,
  couponSendTable,
  selectUserCoupons,
  selectWriteOffs,
  userCouponItem,
  writeOffItem,
  writeOffWhere,
  writeSendRecordsXlsx,
  writeWriteOffsXlsx,
} from './couponRows.ts'
import { sendCoupons } from './couponSends.ts'
import { writeOffCode } from './couponWriteOff.ts'
import { openCouponRoutes } from './openCouponRoutes.ts'

const SEND_PAGE = '营销-优惠券发放'
const WRITE_OFF_PAGE = '营销-优惠券核销'
const OPTIONS_MAX = 20

/** A send in the caller's data scope (the couponSend definition's), else 404. */
async function sendInScope(req: FastifyRequest, db: Db, id: number) {
  const scope = await dataScopeOf(req, db)
  const [s] = await db
    .select({ id: couponSend.id, couponId: couponSend.couponId, couponName: coupon.name })
    .from(couponSend)
    .innerJoin(coupon, eq(coupon.id, couponSend.couponId))
    .where(and(eq(couponSend.id, id), recordInScope(couponSendTable(), scope)))
  if (!s) throw new AppError('NOT_FOUND', couponMessages.sendNotFound)
  return s
}

/**
 * The routes of 优惠券 beyond the record engine's (decision 0047): 发放 and a send's records and export
 * (/sendCoupons), the lookup, 核销 and the write-off log with its export (/couponWriteOff), the refusal to delete a
 * coupon already given out, and the app-facing calls.
 */
export async function couponsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const sendTags = ['优惠券发放']
  const writeOffTags = ['优惠券核销']

  app.post(
    '/api/couponSend/send',
    {
      config: { access: { page: SEND_PAGE, action: '发放' }, audit: '发放优惠券' },
      schema: {
        tags: sendTags,
        summary:
          '发放优惠券：给指定用户、用户画像的用户或导入名单（.xlsx，首列手机号或用户ID）各发一张券码；一个事务内发券并记发放记录（已下线、已过期、库存不足则不发；已领满的用户跳过，名单中不是 App 用户的行列出）',
        body: couponSendBodySchema,
        response: { 200: envelopeSchema(couponSendResultSchema) },
      },
    },
    async (req) => {
      const scope = await dataScopeOf(req, db)
      const result = await sendCoupons(db, req.body, req.principal!.adminId, couponInScope(scope))
      req.auditInfo.target = `couponSend:${result.id}`
      req.auditInfo.targetName = result.couponName
      const { couponName: _, ...data } = result
      return ok(data, couponMessages.sent(data.sentCount, data.skippedCount))
    },
  )

  app.get(
    '/api/couponSend/options',
    {
      config: { access: { page: SEND_PAGE, action: '查看' } },
      schema: {
        tags: sendTags,
        summary:
          '发放对话框的选项：kind=coupon 优惠券（已上线的在前，附剩余库存；已下线的标明）、user App 用户（按昵称或手机号，附手机号）、portrait 用户画像（附匹配人数）；ids 取指定的几项',
        querystring: couponSendOptionsQuerySchema,
        response: { 200: envelopeSchema(z.object({ items: z.array(couponSendOptionSchema) })) },
      },
    },
    async (req) => {
      const { kind, keyword } = req.query
      const ids = req.query.ids
      const like = keyword ? containsPattern(keyword) : undefined
      if (kind === 'coupon') {
        const scope = await dataScopeOf(req, db)
        const rows = await db
          .select({
            id: coupon.id,
            name: coupon.name,
            stock: coupon.stock,
            issued: coupon.issued,
            showState: coupon.showState,
          })
          .from(coupon)
          .where(
            and(
              couponInScope(scope),
              ids ? inArray(coupon.id, ids) : undefined,
              like ? ilike(coupon.name, like) : undefined,
            ),
          )
          .orderBy(desc(coupon.showState), desc(coupon.id))
          .limit(OPTIONS_MAX)
        return ok({
          items: rows.map((r) => ({
            id: r.id,
            label: r.name,
            extra: r.showState ? `剩余 ${r.stock - r.issued} 张` : '已下线',
          })),
        })
      }
      if (kind === 'user') {
        const rows = await db
          .select({ id: appUser.id, nickname: appUser.nickname, phone: appUser.phone })
          .from(appUser)
          .where(
            and(
              eq(appUser.operator, false),
              ids ? inArray(appUser.id, ids) : undefined,
              like ? or(ilike(appUser.nickname, like), ilike(appUser.phone, like)) : undefined,
            ),
          )
          .orderBy(desc(appUser.id))
          .limit(ids ? COUPON_SEND_USERS_MAX : OPTIONS_MAX)
        return ok({ items: rows.map((r) => ({ id: r.id, label: r.nickname, extra: r.phone })) })
      }
      const rows = await db
        .select()
        .from(portrait)
        .where(
          and(ids ? inArray(portrait.id, ids) : undefined, like ? ilike(portrait.name, like) : undefined),
        )
        .orderBy(desc(portrait.id))
        .limit(OPTIONS_MAX)
      const counts = await Promise.all(
        rows.map(async (p) => {
          const [n] = await db
            .select({ n: count() })
            .from(appUser)
            .where(portraitWhere(rulesOf(p as unknown as Record<string, unknown>)))
          return n?.n ?? 0
        }),
      )
      return ok({
        items: rows.map((p, i) => ({ id: p.id, label: p.name, extra: `匹配 ${counts[i]} 人` })),
      })
    },
  )

  app.get(
    '/api/couponSend/records',
    {
      config: { access: { page: SEND_PAGE, action: '查看' } },
      schema: {
        tags: sendTags,
        summary: '一次发放的券码：用户、券码、状态（未使用/已使用/已过期）、领取与核销时间',
        querystring: couponSendRecordsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(userCouponRowSchema)) },
      },
    },
    async (req) => {
      const s = await sendInScope(req, db, req.query.id)
      const where = eq(userCoupon.sendId, s.id)
      const [rows, [n]] = await Promise.all([
        selectUserCoupons(db, where)
          .orderBy(asc(userCoupon.id))
          .limit(req.query.pageSize)
          .offset((req.query.page - 1) * req.query.pageSize),
        db.select({ n: count() }).from(userCoupon).where(where),
      ])
      const now = new Date()
      return ok({ items: rows.map((r) => userCouponItem(r, now)), total: n?.n ?? 0 })
    },
  )

  app.post(
    '/api/couponSend/records/export',
    {
      config: { access: { page: SEND_PAGE, action: '导出' }, audit: '导出优惠券发放记录' },
      schema: {
        tags: sendTags,
        summary:
          '导出一次发放的券码为 Excel（.xlsx：用户ID、昵称、手机号、优惠券、券码、状态、领取时间、核销时间）',
        body: couponSendExportBodySchema,
      },
    },
    async (req, reply) => {
      const s = await sendInScope(req, db, req.body.id)
      req.auditInfo.target = `couponSend:${s.id}`
      req.auditInfo.targetName = s.couponName
      return sendXlsx(req, reply, { name: 'coupon-send', label: `${s.couponName}-发放记录` }, (out) =>
        writeSendRecordsXlsx(db, s.id, out),
      )
    },
  )

  app.get(
    '/api/couponWriteOff/lookup',
    {
      config: { access: { page: WRITE_OFF_PAGE, action: '查看' } },
      schema: {
        tags: writeOffTags,
        summary: '查询券码：优惠券、持有人、有效期、状态（券码不存在则 404）',
        querystring: couponLookupQuerySchema,
        response: { 200: envelopeSchema(couponLookupSchema) },
      },
    },
    async (req) => {
      const scope = await dataScopeOf(req, db)
      const [r] = await selectUserCoupons(db, and(eq(userCoupon.code, req.query.code), couponInScope(scope)))
      if (!r) throw new AppError('NOT_FOUND', couponMessages.codeNotFound)
      return ok({ ...userCouponItem(r), couponShown: r.couponShown, description: r.description })
    },
  )

  app.post(
    '/api/couponWriteOff/writeOff',
    {
      config: { access: { page: WRITE_OFF_PAGE, action: '核销' }, audit: '核销优惠券' },
      schema: {
        tags: writeOffTags,
        summary:
          '核销券码（柜台）：每个券码只能核销一次，并发时也只有一次成功（券码不存在 / 该券码已核销（核销时间 …） / 该券已过期）',
        body: couponWriteOffBodySchema,
        response: { 200: envelopeSchema(couponWriteOffResultSchema) },
      },
    },
    async (req) => {
      const scope = await dataScopeOf(req, db)
      req.auditInfo.target = `userCoupon:${req.body.code}`
      const done = await writeOffCode(db, {
        code: req.body.code,
        channel: 'console',
        adminId: req.principal!.adminId,
        couponWhere: couponInScope(scope),
        remark: req.body.remark,
      })
      req.auditInfo.targetName = done.couponName
      return ok(
        { id: done.id, code: done.code, couponName: done.couponName, usedAt: done.usedAt },
        couponMessages.writtenOff,
      )
    },
  )

  app.get(
    '/api/couponWriteOff/list',
    {
      config: { access: { page: WRITE_OFF_PAGE, action: '查看' } },
      schema: {
        tags: writeOffTags,
        summary: '核销记录：按券码、优惠券名称、用户昵称或手机号搜索，按渠道、优惠券、时间筛选，最新在前',
        querystring: couponWriteOffListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(couponWriteOffRowSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const where = writeOffWhere(await dataScopeOf(req, db), q)
      const [rows, [n]] = await Promise.all([
        selectWriteOffs(db, where)
          .orderBy(desc(couponWriteOff.createdAt), desc(couponWriteOff.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db
          .select({ n: count() })
          .from(couponWriteOff)
          .innerJoin(coupon, eq(coupon.id, couponWriteOff.couponId))
          .leftJoin(appUser, eq(appUser.id, couponWriteOff.userId))
          .where(where),
      ])
      return ok({ items: rows.map(writeOffItem), total: n?.n ?? 0 })
    },
  )

  app.post(
    '/api/couponWriteOff/export',
    {
      config: { access: { page: WRITE_OFF_PAGE, action: '导出' }, audit: '导出优惠券核销记录' },
      schema: {
        tags: writeOffTags,
        summary: '导出核销记录为 Excel（.xlsx），条件同列表',
        body: couponWriteOffExportBodySchema,
      },
    },
    async (req, reply) => {
      const where = writeOffWhere(await dataScopeOf(req, db), req.body)
      return sendXlsx(req, reply, { name: 'coupon-write-off', label: '优惠券核销记录' }, (out) =>
        writeWriteOffsXlsx(db, where, out),
      )
    },
  )

  await openCouponRoutes(fastify, ctx)
}
