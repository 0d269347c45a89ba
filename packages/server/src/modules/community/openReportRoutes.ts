import {
  openCommunityMessages as msg,
  openReportBodySchema,
  openReportListQuerySchema,
  openReportSchema,
  REPORT_REASONS,
  REPORT_STATES,
  type ReportTargetType,
} from '@moc/domain/api/openCommunity'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { comment, content } from '../../db/schema.ts'
import { appUser, post, report } from '../../db/tables/community.ts'
import { mediaAccount } from '../../db/tables/media.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { appUserOf, auditApp, iso, liveContent, offsetOf, openTags as tags } from './openCommon.ts'

/** How much of a post's or comment's text the report keeps as its target's title. */
const TITLE_CHARS = 50

/** The reported item as the report snapshots it: its title and its author (an app user), or undefined. */
async function reportTarget(
  tx: Db,
  type: ReportTargetType,
  id: number,
): Promise<{ title: string; userId: number | null } | undefined> {
  if (type === 'post') {
    const [p] = await tx
      .select({ title: post.title, body: post.body, userId: post.userId })
      .from(post)
      .where(and(eq(post.id, id), isNull(post.recycledAt)))
    return p && { title: p.title || p.body.slice(0, TITLE_CHARS), userId: p.userId }
  }
  if (type === 'comment') {
    // A comment's author is an app user when its user_id names one (console comments have none).
    const [c] = await tx
      .select({ body: comment.body, userId: appUser.id })
      .from(comment)
      .leftJoin(appUser, eq(appUser.id, comment.userId))
      .where(and(eq(comment.id, id), isNull(comment.deletedAt)))
    return c && { title: c.body.slice(0, TITLE_CHARS), userId: c.userId }
  }
  if (type === 'user') {
    const [u] = await tx.select({ nickname: appUser.nickname }).from(appUser).where(eq(appUser.id, id))
    return u && { title: u.nickname, userId: id }
  }
  const [c] = await tx
    .select({ title: content.title })
    .from(content)
    .leftJoin(mediaAccount, eq(mediaAccount.id, content.mediaAccountId))
    .where(and(eq(content.id, id), liveContent(new Date())))
  return c && { title: c.title, userId: null }
}

/**
 * Reports from the app (decision 0041): a post, a comment, a user or a content item, with a reason from the fixed
 * set (REPORT_REASONS). Comment reports go to 评论举报, the rest to 内容举报; one pending report per reporter and
 * target. The reporter reads the outcome back (state, handle_reason, handled_at: written by the console's handling).
 */
export async function openReportRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database

  app.post(
    '/api/open/report/add',
    {
      config: { access: 'appUser', audit: 'App用户举报' },
      schema: {
        tags,
        summary: '举报帖子、评论、用户或内容（原因：色情低俗/违法违规/垃圾广告/人身攻击/谣言不实/其他）',
        body: openReportBodySchema,
        response: { 200: envelopeSchema(openReportSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const b = req.body
      const row = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        // The reporter's row, locked: one reporter's reports are made one after another (one pending per target).
        await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, me.userId)).for('update')
        const target = await reportTarget(tx, b.targetType, b.targetId)
        if (!target) throw new AppError('NOT_FOUND', msg.reportTarget)
        if (target.userId === me.userId) throw new AppError('BAD_REQUEST', msg.reportSelf)
        const [pending] = await tx
          .select({ id: report.id })
          .from(report)
          .where(
            and(
              eq(report.reporterId, me.userId),
              eq(report.targetType, b.targetType),
              eq(report.targetId, b.targetId),
              eq(report.state, 'pending'),
            ),
          )
        if (pending) throw new AppError('CONFLICT', msg.reportDuplicate)
        const [made] = await tx
          .insert(report)
          .values({
            category: b.targetType === 'comment' ? 'comment' : 'content',
            targetType: b.targetType,
            targetId: b.targetId,
            targetTitle: target.title.slice(0, 200),
            targetUserId: target.userId,
            reporterId: me.userId,
            reason: b.reason,
            description: b.description,
            images: b.images,
            state: 'pending',
          })
          .returning()
        return made!
      })
      auditApp(req, `report:${row.id}`, row.targetTitle)
      return ok(itemOf(row), msg.reported)
    },
  )

  app.get(
    '/api/open/report/mine',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: '我的举报及处理结果（待处理 / 举报不成立 / 已隐藏内容 / 已锁定用户，附处理说明与时间）',
        querystring: openReportListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openReportSchema)) },
      },
    },
    async (req) => {
      const mine = eq(report.reporterId, appUserOf(req).userId)
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(report)
          .where(mine)
          .orderBy(desc(report.createdAt), desc(report.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(report).where(mine),
      ])
      return ok({ items: rows.map(itemOf), total: n?.n ?? 0 })
    },
  )
}

function itemOf(r: typeof report.$inferSelect) {
  return {
    id: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    targetTitle: r.targetTitle,
    reason: r.reason,
    reasonName: REPORT_REASONS[r.reason as keyof typeof REPORT_REASONS] ?? r.reason,
    description: r.description,
    images: r.images as string[],
    state: r.state,
    stateName: REPORT_STATES[r.state as keyof typeof REPORT_STATES] ?? r.state,
    handleReason: r.handleReason,
    handledAt: iso(r.handledAt),
    createdAt: r.createdAt.toISOString(),
  }
}
