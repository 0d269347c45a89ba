import {
  openRedPacketInviteSchema,
  openRedPacketPageQuerySchema,
  openRedPacketWalletSchema,
  openRedPacketWithdrawalsSchema,
  openRedPacketWithdrawBodySchema,
  openRedPacketWithdrawResultSchema,
  redPacketLedgerQuerySchema,
  redPacketLedgerSchema,
  redPacketMessages,
} from '@moc/domain/api/redPackets'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { appUser } from '../../db/tables/community.ts'
import { redPacketLedger } from '../../db/tables/marketing.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { appUserOf, auditApp } from '../community/openCommon.ts'
import { inviteSummary, ledgerPage, myWithdrawals, requestWithdrawal, walletPage } from './redPacketOpen.ts'
import './redPacketRewards.ts'
import { walletBalance } from './redPacketWallet.ts'
import './redPacketWithdrawals.ts'

const openTags = ['App 开放接口-红包']

/**
 * The routes of 红包 (/redPacket invite, withdraw, register, scope; decision 0048) beyond the record engine's: the
 * console's per-user ledger (流水) and the app-facing calls. The sign-up rewards, the rules' derived values and the
 * withdrawal decisions register on import, before the engine mounts the definitions.
 */
export async function redPacketsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.get(
    '/api/redPacket/ledger',
    {
      config: { access: { page: '营销-红包', action: '查看' } },
      schema: {
        tags: ['红包管理'],
        summary:
          '用户红包流水：余额、全部流水之和（等于余额）、收支合计，及一页流水（最新在前，每行附变动后余额）',
        querystring: redPacketLedgerQuerySchema,
        response: { 200: envelopeSchema(redPacketLedgerSchema) },
      },
    },
    async (req) => {
      const { userId, page, pageSize } = req.query
      const [user] = await db
        .select({ id: appUser.id, nickname: appUser.nickname, phone: appUser.phone })
        .from(appUser)
        .where(eq(appUser.id, userId))
      if (!user) throw new AppError('NOT_FOUND', redPacketMessages.userNotFound)
      const [balance, rows, [sums]] = await Promise.all([
        walletBalance(db, userId),
        ledgerPage(db, userId, page, pageSize),
        db
          .select({
            sum: sql<string | null>`sum(${redPacketLedger.delta})`,
            income: sql<
              string | null
            >`sum(${redPacketLedger.delta}) filter (where ${redPacketLedger.delta} > 0)`,
            outgo: sql<
              string | null
            >`sum(${redPacketLedger.delta}) filter (where ${redPacketLedger.delta} < 0)`,
          })
          .from(redPacketLedger)
          .where(eq(redPacketLedger.userId, userId)),
      ])
      return ok({
        user,
        balance,
        sum: Number(sums?.sum ?? 0),
        income: Number(sums?.income ?? 0),
        outgo: -Number(sums?.outgo ?? 0),
        ...rows,
      })
    },
  )

  app.get(
    '/api/open/redPacket/invite',
    {
      config: { access: 'appUser' },
      schema: {
        tags: openTags,
        summary: '我的邀请码（首次获取时生成）、已邀请人数、邀请红包收入，及当前每邀请一人的红包金额（分）',
        response: { 200: envelopeSchema(openRedPacketInviteSchema) },
      },
    },
    async (req) => ok(await inviteSummary(db, appUserOf(req).userId)),
  )

  app.get(
    '/api/open/redPacket/wallet',
    {
      config: { access: 'appUser' },
      schema: {
        tags: openTags,
        summary: '我的红包钱包：余额（分）及一页流水（最新在前，每行附变动后余额）',
        querystring: openRedPacketPageQuerySchema,
        response: { 200: envelopeSchema(openRedPacketWalletSchema) },
      },
    },
    async (req) => ok(await walletPage(db, appUserOf(req).userId, req.query.page, req.query.pageSize)),
  )

  app.get(
    '/api/open/redPacket/withdrawals',
    {
      config: { access: 'appUser' },
      schema: {
        tags: openTags,
        summary: '我的提现记录（最新在前）：金额、收款账号、状态（待审核 / 已通过 / 已拒绝）及拒绝原因',
        querystring: openRedPacketPageQuerySchema,
        response: { 200: envelopeSchema(openRedPacketWithdrawalsSchema) },
      },
    },
    async (req) => ok(await myWithdrawals(db, appUserOf(req).userId, req.query.page, req.query.pageSize)),
  )

  app.post(
    '/api/open/redPacket/withdraw',
    {
      config: { access: 'appUser', audit: 'App用户申请红包提现' },
      schema: {
        tags: openTags,
        summary:
          '申请提现（金额为分，1.00–5,000.00 元）：金额立即从余额中冻结，审核通过即打款，拒绝则退回余额（余额不足时拒绝）',
        body: openRedPacketWithdrawBodySchema,
        response: { 200: envelopeSchema(openRedPacketWithdrawResultSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const result = await requestWithdrawal(db, me.userId, req.body)
      auditApp(req, `redPacketWithdrawal:${result.withdrawal.id}`, result.withdrawal.realName)
      return ok(result, redPacketMessages.requested)
    },
  )
}
