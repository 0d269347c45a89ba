import {
  USER_ACTIVITY_LATEST,
  type UserActivity,
  userActivityQuerySchema,
  userActivitySchema,
} from '@moc/domain/api/communityUsers'
import { recordResources } from '@moc/domain/resources/index'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { admin, comment, content } from '../../db/schema.ts'
import { appUser, appUserDevice, circle, post, report } from '../../db/tables/community.ts'
import { ownRows, recordTableOf } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * GET /api/appUser/activity and /api/operatorUser/activity (/userDetail, /operateUserDetail): what the engine's detail
 * cannot draw — who locked the account, its devices, and its latest posts, comments and reports (made by it or
 * about it), each with its total. On the definition's page with 查看; an id of the other kind of account is a 404.
 */
export async function userActivityRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const latest = USER_ACTIVITY_LATEST

  async function activity(userId: number): Promise<UserActivity> {
    const mine = eq(post.userId, userId)
    const myComments = and(eq(comment.userId, userId), isNull(comment.deletedAt))
    const myReports = or(eq(report.reporterId, userId), eq(report.targetUserId, userId))
    const [[lock], devices, posts, [postTotal], comments, [commentTotal], reports, [reportTotal]] =
      await Promise.all([
        db
          .select({ name: admin.username })
          .from(appUser)
          .innerJoin(admin, eq(admin.id, appUser.lockedByAdmin))
          .where(and(eq(appUser.id, userId), eq(appUser.state, 'locked'))),
        db
          .select()
          .from(appUserDevice)
          .where(eq(appUserDevice.parentId, userId))
          .orderBy(sql`${appUserDevice.lastSeenAt} desc nulls last`, desc(appUserDevice.id)),
        db
          .select({
            id: post.id,
            title: post.title,
            body: post.body,
            circleName: circle.name,
            verifyState: post.verifyState,
            showState: post.showState,
            recycledAt: post.recycledAt,
            createdAt: post.createdAt,
          })
          .from(post)
          .leftJoin(circle, eq(circle.id, post.circleId))
          .where(mine)
          .orderBy(desc(post.createdAt), desc(post.id))
          .limit(latest),
        db.select({ n: count() }).from(post).where(mine),
        db
          .select({
            id: comment.id,
            body: comment.body,
            contentKind: comment.contentKind,
            targetTitle: sql<string | null>`coalesce(${content.title}, ${post.title})`,
            verifyState: comment.verifyState,
            showState: comment.showState,
            createdAt: comment.createdAt,
          })
          .from(comment)
          .leftJoin(content, eq(content.id, comment.contentId))
          .leftJoin(post, eq(post.id, comment.postId))
          .where(myComments)
          .orderBy(desc(comment.createdAt), desc(comment.id))
          .limit(latest),
        db.select({ n: count() }).from(comment).where(myComments),
        db
          .select()
          .from(report)
          .where(myReports)
          .orderBy(desc(report.createdAt), desc(report.id))
          .limit(latest),
        db.select({ n: count() }).from(report).where(myReports),
      ])
    return {
      lockedByName: lock?.name ?? null,
      devices: devices.map((d) => ({
        deviceId: d.deviceId,
        platform: d.platform,
        model: d.model,
        appVersion: d.appVersion,
        lastSeenAt: iso(d.lastSeenAt),
      })),
      posts: {
        total: postTotal?.n ?? 0,
        items: posts.map((p) => ({
          id: p.id,
          title: p.title || [...p.body].slice(0, 40).join(''),
          circleName: p.circleName,
          verifyState: p.verifyState,
          showState: p.showState,
          recycled: p.recycledAt !== null,
          createdAt: p.createdAt.toISOString(),
        })),
      },
      comments: {
        total: commentTotal?.n ?? 0,
        items: comments.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
      },
      reports: {
        total: reportTotal?.n ?? 0,
        items: reports.map((r) => ({
          id: r.id,
          role: r.reporterId === userId ? ('reporter' as const) : ('reported' as const),
          targetType: r.targetType ?? '',
          targetTitle: r.targetTitle,
          reason: r.reason ?? '',
          state: r.state ?? '',
          createdAt: r.createdAt.toISOString(),
        })),
      },
    }
  }

  for (const name of ['appUser', 'operatorUser'] as const) {
    const def = recordResources.get(name)!
    const rt = recordTableOf(def)
    app.get(
      `/api/${name}/activity`,
      {
        config: { access: { page: def.permissionPage, action: '查看' } },
        schema: {
          tags: [def.label],
          summary: `${def.label}的设备、锁定人与最近的帖子、评论、举报（各最近 ${latest} 条及总数）`,
          querystring: userActivityQuerySchema,
          response: { 200: envelopeSchema(userActivitySchema) },
        },
      },
      async (req) => {
        const [found] = await db
          .select({ id: appUser.id })
          .from(appUser)
          .where(and(eq(appUser.id, req.query.id), ownRows(rt)))
        if (!found) throw new AppError('NOT_FOUND', `${def.label}不存在`)
        return ok(await activity(found.id))
      },
    )
  }
}
