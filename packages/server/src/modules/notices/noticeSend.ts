import { noticeMessages } from '@moc/domain/api/notices'
import { and, eq, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { appUser, portrait } from '../../db/tables/community.ts'
import { notice, noticeMessage } from '../../db/tables/notices.ts'
import type { JobProcessor } from '../../platform/jobs/queue.ts'
import type { PushProvider } from '../../platform/push.ts'
import { portraitAudience, portraitWhere, rulesOf } from '../community/portraitWhere.ts'

type NoticeRow = typeof notice.$inferSelect

/** A send that cannot succeed however often it is tried (its portrait was deleted): the notice fails at once. */
class Unsendable extends Error {}

/** The app users a notice goes to, as one condition over app_user, at `now` (a portrait's rules are read then). */
async function audienceOf(tx: Db, n: NoticeRow, now: Date): Promise<SQL> {
  if (n.target === 'portrait') {
    const [p] = n.portraitId ? await tx.select().from(portrait).where(eq(portrait.id, n.portraitId)) : []
    if (!p) throw new Unsendable(noticeMessages.portraitGone)
    return portraitWhere(rulesOf(p), now)
  }
  if (n.target === 'users') {
    const ids = (n.userIds as unknown[]).map(Number).filter((x) => Number.isInteger(x) && x > 0)
    // Listed users that still exist, are app users and have not left (a locked user still gets it).
    return ids.length
      ? and(inArray(appUser.id, ids), eq(appUser.operator, false), ne(appUser.state, 'cancelled'))!
      : sql`false`
  }
  return portraitAudience()
}

export interface SendOutcome {
  sent: boolean
  /** Why nothing was sent: not scheduled (cancelled, sent already, not approved) or not due yet. */
  skipped?: string
  messages?: number
  pushes?: number
}

/**
 * Sends one notice, exactly once, in ONE transaction: a conditional UPDATE takes it from 待发送 to 已发送 (approved,
 * not in the bin, due) — a second run, or a worker racing this one, waits on the row lock and then finds nothing to
 * do; the in-app messages go in by INSERT … SELECT (unique notice_id, user_id: on conflict nothing), the pushes
 * through the push adapter in the same transaction. Nothing of it is seen unless all of it commits.
 */
export async function sendNotice(
  db: Db,
  push: PushProvider,
  noticeId: number,
  now = new Date(),
): Promise<SendOutcome> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [n] = await tx
      .update(notice)
      .set({ sendState: 'sent', sentAt: sql`now()`, failReason: '' })
      .where(
        and(
          eq(notice.id, noticeId),
          eq(notice.sendState, 'scheduled'),
          eq(notice.verifyState, 1),
          isNull(notice.recycledAt),
          // The database's clock, as the queue's claim by run_at (= send_at) reads it.
          or(isNull(notice.sendAt), lte(notice.sendAt, sql`now()`)),
        ),
      )
      .returning()
    if (!n) {
      const [cur] = await tx
        .select({ sendState: notice.sendState, early: sql<boolean>`${notice.sendAt} > now()` })
        .from(notice)
        .where(eq(notice.id, noticeId))
      const early = cur?.sendState === 'scheduled' && cur.early
      return { sent: false, skipped: early ? 'notDue' : (cur?.sendState ?? 'gone') }
    }
    const audience = await audienceOf(tx, n, now)
    let messages = 0
    let pushes = 0
    if (n.channel === 'inApp' || n.channel === 'both') {
      const result = await tx.execute(sql`
        with sent as (
          insert into ${noticeMessage} (notice_id, user_id, created_at)
          select ${n.id}::int, ${appUser.id}, now() from ${appUser} where ${audience}
          on conflict (notice_id, user_id) do nothing
          returning 1
        )
        select count(*)::int as n from sent`)
      messages = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)
    }
    if (n.channel === 'push' || n.channel === 'both')
      pushes = await push.dispatch(
        tx,
        { noticeId: n.id, title: n.title, body: n.content, link: n.link },
        audience,
      )
    await tx
      .update(notice)
      .set({ sentCount: n.channel === 'push' ? pushes : messages })
      .where(eq(notice.id, n.id))
    return { sent: true, messages, pushes }
  })
}

/** Records a send that gave up: 发送失败 with the reason (only while still 待发送). */
async function markFailed(db: Db, noticeId: number, reason: string) {
  await db
    .update(notice)
    .set({ sendState: 'failed', failReason: reason.slice(0, 500) })
    .where(and(eq(notice.id, noticeId), eq(notice.sendState, 'scheduled')))
}

/**
 * The `notice.send` job (payload {noticeId}): runs the send; an error is retried by the queue with back-off, and the
 * last attempt's error (or a send that can never succeed) leaves the notice 发送失败 with its reason.
 */
export const noticeSendJob =
  (db: Db, push: PushProvider): JobProcessor =>
  async (payload, row) => {
    const noticeId = Number(payload.noticeId)
    try {
      return { ...(await sendNotice(db, push, noticeId)) }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (error instanceof Unsendable) {
        await markFailed(db, noticeId, reason)
        return { sent: false, failed: reason }
      }
      if (row.attempts >= row.maxAttempts) await markFailed(db, noticeId, reason)
      throw error
    }
  }
