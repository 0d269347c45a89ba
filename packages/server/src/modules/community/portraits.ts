import { portraitMessages, portraitPreviewSchema, portraitRulesSchema } from '@moc/domain/rules/portrait'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { count, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { appUser, portrait } from '../../db/tables/community.ts'
import { registerAfterWrite, registerDerived } from '../../engine/records/recordDerived.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { portraitAudience, portraitWhere, rulesOf } from './portraitWhere.ts'

/** How many app users each portrait matches now: one pass over the audience for the whole page of portraits. */
async function matchCounts(db: Db, rows: readonly Record<string, unknown>[], now = new Date()) {
  const counts = rows.map(
    (r, i) =>
      sql`(count(*) filter (where ${portraitWhere(rulesOf(r), now)}))::int as ${sql.identifier(`n${i}`)}`,
  )
  const result = await db.execute<Record<string, number>>(
    sql`select ${sql.join(counts, sql`, `)} from ${appUser} where ${portraitAudience()}`,
  )
  const [row] = (result as unknown as { rows: Record<string, number>[] }).rows
  return rows.map((_, i) => Number(row?.[`n${i}`] ?? 0))
}

registerDerived('portrait', async (db, rows) => {
  const n = await matchCounts(db, rows)
  return new Map(rows.map((r, i) => [r.id, { matchCount: n[i] }]))
})

// The level range reads the right way round (each end is checked on its own by the field's schema).
registerAfterWrite('portrait', async (tx, ids) => {
  if (!ids.length) return
  const bad = await tx
    .select({ id: portrait.id })
    .from(portrait)
    .where(sql`${inArray(portrait.id, [...ids])} and ${portrait.levelMin} > ${portrait.levelMax}`)
    .limit(1)
  if (bad.length) throw new AppError('BAD_REQUEST', portraitMessages.levelRange)
})

/**
 * POST /api/portrait/preview: how many users unsaved rules match — the portrait form's live count as its rules
 * change. A read (not logged), on 用户画像 查看.
 */
export async function portraitRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  app.post(
    '/api/portrait/preview',
    {
      config: { access: { page: '用户画像', action: '查看' }, auditSkip: true },
      schema: {
        tags: ['用户画像'],
        summary: '用户画像预估：按未保存的规则统计当前匹配的用户数',
        body: portraitRulesSchema,
        response: { 200: envelopeSchema(portraitPreviewSchema) },
      },
    },
    async (req) => {
      const [row] = await db.select({ total: count() }).from(appUser).where(portraitWhere(req.body))
      return ok({ total: row?.total ?? 0 })
    },
  )
}
