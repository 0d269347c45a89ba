import { randomInt } from 'node:crypto'
import { invitationUseSchema, invitationUsesQuerySchema } from '@moc/domain/api/communityUsers'
import { invitationStatus } from '@moc/domain/resources/community/invitationCode'
import { chinaTime } from '@moc/domain/rules/chinaTime'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { appUser, invitationCode, invitationUse } from '../../db/tables/community.ts'
import { registerCommand } from '../../engine/records/recordCommands.ts'
import { registerAfterWrite, registerDerived } from '../../engine/records/recordDerived.ts'
import { newRowValues } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { containsPattern } from '../../platform/paging.ts'

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const RANDOM_LENGTH = 8
const WINDOW_MESSAGE = '失效时间不能早于生效时间'

const randomCode = (prefix: string) =>
  prefix + Array.from({ length: RANDOM_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

/** `n` new codes with the prefix that no row holds yet (32⁸ per prefix: a clash is rare, and drawn again). */
async function freshCodes(tx: Db, prefix: string, n: number): Promise<string[]> {
  const out = new Set<string>()
  for (let round = 0; out.size < n; round++) {
    if (round > 20) throw new AppError('CONFLICT', '邀请码生成失败，请换一个前缀重试')
    const drawn = new Set<string>()
    while (drawn.size < n - out.size) {
      const c = randomCode(prefix)
      if (!out.has(c)) drawn.add(c)
    }
    const taken = await tx
      .select({ code: invitationCode.code })
      .from(invitationCode)
      .where(inArray(invitationCode.code, [...drawn]))
    const clash = new Set(taken.map((r) => r.code))
    for (const c of drawn) if (!clash.has(c)) out.add(c)
  }
  return [...out]
}

/** A batch's number: the prefix and the time it was made (Beijing time), e.g. VIP-20260101093000. */
function batchNumber(prefix: string, now: Date): string {
  const stamp = chinaTime(now).replace(/\D/g, '')
  return prefix ? `${prefix}-${stamp}` : stamp
}

const dateOf = (v: unknown) => (v === null || v === undefined || v === '' ? null : new Date(v as string))

/**
 * 批量生成: `count` random codes with the prefix, one batch number, the same window, uses and remark, inserted in
 * one transaction (the codes' unique index is the last word; the draw avoids existing codes first).
 */
registerCommand('invitationCode', 'generate', async ({ tx, input, req, rt }) => {
  const prefix = String(input.prefix ?? '')
  const validStart = dateOf(input.validStart)
  const validEnd = dateOf(input.validEnd)
  if (validStart && validEnd && validEnd < validStart) throw new AppError('BAD_REQUEST', WINDOW_MESSAGE)
  const n = Number(input.count)
  const batchNo = batchNumber(prefix, new Date())
  const codes = await freshCodes(tx, prefix, n)
  const fixed = await newRowValues(tx, rt, req.principal!.adminId)
  await tx.insert(invitationCode).values(
    codes.map((code) => ({
      ...(fixed as { createdBy: number; departmentId: number | null }),
      code,
      batchNo,
      validStart,
      validEnd,
      maxUses: Number(input.maxUses),
      remark: String(input.remark ?? ''),
    })),
  )
  req.auditInfo.target = `invitationCode:batch:${batchNo}`
  req.auditInfo.targetName = `批次 ${batchNo}，${n} 个`
  return { created: n, batchNo }
})

// A code added alone (新增) gets its random code here; every write keeps the window the right way round.
registerAfterWrite('invitationCode', async (tx, ids) => {
  if (!ids.length) return
  const rows = await tx
    .select({
      id: invitationCode.id,
      code: invitationCode.code,
      validStart: invitationCode.validStart,
      validEnd: invitationCode.validEnd,
    })
    .from(invitationCode)
    .where(inArray(invitationCode.id, [...ids]))
  if (rows.some((r) => r.validStart && r.validEnd && r.validEnd < r.validStart))
    throw new AppError('BAD_REQUEST', WINDOW_MESSAGE)
  const blank = rows.filter((r) => r.code === '')
  const codes = await freshCodes(tx, '', blank.length)
  for (const [i, r] of blank.entries())
    await tx.update(invitationCode).set({ code: codes[i]! }).where(eq(invitationCode.id, r.id))
})

registerDerived('invitationCode', async (_db, rows) => {
  const now = new Date()
  return new Map(
    rows.map((r) => [
      r.id,
      {
        status: invitationStatus(
          {
            showState: r.showState !== false,
            validStart: dateOf(r.validStart),
            validEnd: dateOf(r.validEnd),
            usedCount: Number(r.usedCount ?? 0),
            maxUses: Number(r.maxUses ?? 1),
          },
          now,
        ),
      },
    ]),
  )
})

/** GET /api/invitationCode/uses (使用记录): who signed up with a code (or codes like a text, or any), newest first. */
export async function invitationRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  app.get(
    '/api/invitationCode/uses',
    {
      config: { access: { page: '邀请码', action: '查看' } },
      schema: {
        tags: ['邀请码'],
        summary: '邀请码使用记录：按邀请码 id 或邀请码文字筛选，最新的在前',
        querystring: invitationUsesQuerySchema,
        response: { 200: envelopeSchema(pageSchema(invitationUseSchema)) },
      },
    },
    async (req) => {
      const q = req.query
      const where: SQL | undefined = and(
        q.id === undefined ? undefined : eq(invitationUse.codeId, q.id),
        q.code ? ilike(invitationCode.code, containsPattern(q.code.toUpperCase())) : undefined,
      )
      const [rows, [n]] = await Promise.all([
        db
          .select({
            id: invitationUse.id,
            codeId: invitationUse.codeId,
            code: invitationCode.code,
            userId: invitationUse.userId,
            nickname: appUser.nickname,
            phone: appUser.phone,
            usedAt: invitationUse.usedAt,
          })
          .from(invitationUse)
          .innerJoin(invitationCode, eq(invitationCode.id, invitationUse.codeId))
          .innerJoin(appUser, eq(appUser.id, invitationUse.userId))
          .where(where)
          .orderBy(desc(invitationUse.usedAt), desc(invitationUse.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db
          .select({ n: count() })
          .from(invitationUse)
          .innerJoin(invitationCode, eq(invitationCode.id, invitationUse.codeId))
          .where(where),
      ])
      return ok({ items: rows.map((r) => ({ ...r, usedAt: r.usedAt.toISOString() })), total: n?.n ?? 0 })
    },
  )
}
