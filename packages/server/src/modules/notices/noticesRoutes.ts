import {
  noticeDeliveryQuerySchema,
  noticeDeliverySchema,
  noticeMessages,
  openNoticeListQuerySchema,
  openNoticeListSchema,
  openNoticeReadBodySchema,
  openNoticeReadSchema,
  openNoticeUnreadSchema,
  pushOutboxQuerySchema,
  pushOutboxRowSchema,
} from '@moc/domain/api/notices'
import { recordResources } from '@moc/domain/resources/index'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { appUser } from '../../db/tables/community.ts'
import { notice, noticeMessage, pushOutbox } from '../../db/tables/notices.ts'
import { recordInScope, recordTableOf } from '../../engine/records/recordTable.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { appUserOf, auditApp, iso, offsetOf } from '../community/openCommon.ts'
import { noticeSendJob } from './noticeSend.ts'
import { NOTICE_SEND_JOB } from './noticeState.ts'

const tags = ['通知']
const openTags = ['App 开放接口-消息']
const rt = () => recordTableOf(recordResources.get('notice') as never)

/** A user's messages the app shows: their own, of notices not taken back into the recycle bin. */
const inboxOf = (userId: number): SQL => and(eq(noticeMessage.userId, userId), isNull(notice.recycledAt))!

async function unreadOf(db: Db, userId: number) {
  const [r] = await db
    .select({ n: count() })
    .from(noticeMessage)
    .innerJoin(notice, eq(notice.id, noticeMessage.noticeId))
    .where(and(inboxOf(userId), isNull(noticeMessage.readAt)))
  return r?.n ?? 0
}

/**
 * The routes of 通知中心 (/noticeCentre, /noticeCentreDetail, /auditNotice, /pushOutbox; decision 0049): the send job's
 * processor, a notice's delivery, the push outbox, and the app's in-app messages. The notice itself, its review and
 * its queue are the record engine's (resources/marketing/notice.ts; the send state in noticeState.ts).
 */
export async function noticesRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  ctx.quickJobs.register(NOTICE_SEND_JOB, noticeSendJob(db, ctx.push))

  app.get(
    '/api/notice/delivery',
    {
      config: { access: { resource: 'detail', record: 'notice' } },
      schema: {
        tags,
        summary: '通知的送达情况：发送状态、送达人数、失败原因、站内信已读数与推送数，及送达用户（分页）',
        querystring: noticeDeliveryQuerySchema,
        response: { 200: envelopeSchema(noticeDeliverySchema) },
      },
    },
    async (req) => {
      const { id, page, pageSize } = req.query
      const scope = await dataScopeOf(req, db)
      const [n] = await db
        .select()
        .from(notice)
        .where(and(eq(notice.id, id), recordInScope(rt(), scope)))
      if (!n) throw new AppError('NOT_FOUND', '通知不存在')
      const [[m], [p]] = await Promise.all([
        db
          .select({ n: count(), read: count(noticeMessage.readAt) })
          .from(noticeMessage)
          .where(eq(noticeMessage.noticeId, id)),
        db.select({ n: count() }).from(pushOutbox).where(eq(pushOutbox.noticeId, id)),
      ])
      // Every user it reached, by either channel: the in-app message and the push side by side.
      const reached = sql`(select m.user_id as mu, p.user_id as pu, m.created_at, m.read_at, p.device_ids
          from (select user_id, created_at, read_at from ${noticeMessage} where notice_id = ${id}) m
          full join (select user_id, device_ids from ${pushOutbox} where notice_id = ${id}) p
          on p.user_id = m.user_id) r`
      const rows = rowsOf<{
        user_id: number | null
        nickname: string | null
        phone: string | null
        created_at: Date | string | null
        read_at: Date | string | null
        device_ids: string[] | null
      }>(
        await db.execute(sql`select coalesce(r.mu, r.pu) as user_id, u.nickname, u.phone, r.created_at,
            r.read_at, r.device_ids
          from ${reached} left join ${appUser} u on u.id = coalesce(r.mu, r.pu)
          order by coalesce(r.mu, r.pu) limit ${pageSize} offset ${(page - 1) * pageSize}`),
      )
      const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${reached}`))
      const at = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())
      return ok({
        id: n.id,
        channel: n.channel as never,
        sendState: n.sendState as never,
        sendAt: iso(n.sendAt),
        sentAt: iso(n.sentAt),
        sentCount: n.sentCount,
        failReason: n.failReason,
        messages: m?.n ?? 0,
        read: m?.read ?? 0,
        pushes: p?.n ?? 0,
        items: rows.map((r) => ({
          userId: r.user_id === null ? null : Number(r.user_id),
          nickname: r.nickname ?? '',
          phone: r.phone ?? '',
          deliveredAt: at(r.created_at),
          readAt: at(r.read_at),
          devices: r.device_ids,
        })),
        total: Number(total?.n ?? 0),
      })
    },
  )

  app.get(
    '/api/push/outbox',
    {
      config: { access: { page: '系统-推送发件箱', action: '查看' } },
      schema: {
        tags: ['系统-推送发件箱'],
        summary: '内置推送通道的发件箱（每条通知每个用户一行，含用户设备）',
        querystring: pushOutboxQuerySchema,
        response: { 200: envelopeSchema(pageSchema(pushOutboxRowSchema)) },
      },
    },
    async (req) => {
      const { page, pageSize, noticeId, userId } = req.query
      const where = and(
        noticeId ? eq(pushOutbox.noticeId, noticeId) : undefined,
        userId ? eq(pushOutbox.userId, userId) : undefined,
      )
      const [rows, [n]] = await Promise.all([
        db
          .select({ row: pushOutbox, nickname: appUser.nickname, phone: appUser.phone })
          .from(pushOutbox)
          .leftJoin(appUser, eq(appUser.id, pushOutbox.userId))
          .where(where)
          .orderBy(desc(pushOutbox.createdAt), desc(pushOutbox.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(pushOutbox).where(where),
      ])
      return ok({
        items: rows.map(({ row, nickname, phone }) => ({
          ...row,
          deviceIds: (row.deviceIds as unknown[]).map(String),
          nickname: nickname ?? '',
          phone: phone ?? '',
          createdAt: row.createdAt.toISOString(),
        })),
        total: n?.n ?? 0,
      })
    },
  )

  app.get(
    '/api/open/notice/messages',
    {
      config: { access: 'appUser' },
      schema: {
        tags: openTags,
        summary: '我的站内信：最新在前，含已读状态与未读数（unread=true 只看未读）',
        querystring: openNoticeListQuerySchema,
        response: { 200: envelopeSchema(openNoticeListSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req).userId
      const where = and(inboxOf(me), req.query.unread ? isNull(noticeMessage.readAt) : undefined)
      const [rows, [n], unread] = await Promise.all([
        db
          .select({
            id: noticeMessage.id,
            noticeId: noticeMessage.noticeId,
            title: notice.title,
            content: notice.content,
            link: notice.link,
            createdAt: noticeMessage.createdAt,
            readAt: noticeMessage.readAt,
          })
          .from(noticeMessage)
          .innerJoin(notice, eq(notice.id, noticeMessage.noticeId))
          .where(where)
          .orderBy(desc(noticeMessage.createdAt), desc(noticeMessage.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db
          .select({ n: count() })
          .from(noticeMessage)
          .innerJoin(notice, eq(notice.id, noticeMessage.noticeId))
          .where(where),
        unreadOf(db, me),
      ])
      return ok({
        items: rows.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          read: r.readAt !== null,
          readAt: iso(r.readAt),
        })),
        total: n?.n ?? 0,
        unread,
      })
    },
  )

  app.get(
    '/api/open/notice/unread',
    {
      config: { access: 'appUser' },
      schema: {
        tags: openTags,
        summary: '我的未读站内信数（消息角标）',
        response: { 200: envelopeSchema(openNoticeUnreadSchema) },
      },
    },
    async (req) => ok({ unread: await unreadOf(db, appUserOf(req).userId) }),
  )

  app.post(
    '/api/open/notice/read',
    {
      config: { access: 'appUser', audit: 'App用户阅读站内信' },
      schema: {
        tags: openTags,
        summary: '标为已读：一条（id）或全部（all=true），只及本人的消息',
        body: openNoticeReadBodySchema,
        response: { 200: envelopeSchema(openNoticeReadSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req).userId
      const { id, all } = req.body
      const mine = and(
        eq(noticeMessage.userId, me),
        isNull(noticeMessage.readAt),
        all ? undefined : eq(noticeMessage.id, id!),
      )
      const done = await db.update(noticeMessage).set({ readAt: new Date() }).where(mine).returning({
        id: noticeMessage.id,
      })
      if (!all && !done.length) {
        const [own] = await db
          .select({ id: noticeMessage.id })
          .from(noticeMessage)
          .innerJoin(notice, eq(notice.id, noticeMessage.noticeId))
          .where(and(inboxOf(me), eq(noticeMessage.id, id!)))
        if (!own) throw new AppError('NOT_FOUND', noticeMessages.messageNotFound)
      }
      auditApp(req, all ? 'noticeMessage:all' : `noticeMessage:${id}`)
      return ok(
        { updated: done.length, unread: await unreadOf(db, me) },
        all ? noticeMessages.allRead : noticeMessages.read,
      )
    },
  )
}
