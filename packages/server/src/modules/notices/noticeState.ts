import { noticeMessages } from '@moc/domain/api/notices'
import { notice as noticeDef } from '@moc/domain/resources/marketing/notice'
import { sameFields } from '@moc/domain/rules/versionDiff'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { resourceVersion } from '../../db/schema.ts'
import { notice } from '../../db/tables/notices.ts'
import { registerAfterWrite } from '../../engine/records/recordDerived.ts'
import { recordFieldValues } from '../../engine/records/recordValues.ts'
import { AppError } from '../../platform/errors.ts'
import { enqueueJob } from '../../platform/jobs/queue.ts'

/** The durable job that sends one notice (modules/notices/noticeSend.ts). */
export const NOTICE_SEND_JOB = 'notice.send'

/** The fields a send carries: what was approved is what goes out, so none changes once approved. */
const SENT_FIELDS = Object.fromEntries(
  ['title', 'content', 'link', 'channel', 'target', 'portraitId', 'userIds', 'sendAt'].map((k) => [
    k,
    noticeDef.fields[k as keyof typeof noticeDef.fields],
  ]),
)

/**
 * 发送状态 follows the review and the bin (decision 0049), in the write's transaction (a refusal undoes it):
 * - approved (the last 审核通过, or 免审发布) while 待审核 → 待发送, and ONE job is queued in this transaction for
 *   定时发送时间 (or now): it exists exactly when the approval commits, and survives a restart (it is a row);
 * - 撤回发布, or the recycle bin, while 待发送 → 已撤回 (the job, when it runs, finds nothing to send);
 * - submitted again after 已撤回 / 发送失败 → 待审核;
 * - a sent notice is not withdrawn, and an approved one's sent fields do not change (compared with the approved
 *   version); a form save or a submission needs 定时发送时间 in the future and, for 指定用户, some users.
 */
registerAfterWrite('notice', async (tx, ids, write) => {
  if (!ids.length) return
  // The review step this write is, if any (submit, pass, publish, withdraw, revoke, reject).
  const step = write.kind === 'review' ? write.action : null
  const rows = await tx
    .select({
      id: notice.id,
      verifyState: notice.verifyState,
      sendState: notice.sendState,
      sendAt: notice.sendAt,
      recycledAt: notice.recycledAt,
      now: sql<Date>`now()`.mapWith(notice.sendAt),
    })
    .from(notice)
    .where(inArray(notice.id, [...ids]))
  for (const r of rows) {
    const now = r.now
    if (step === 'withdraw') {
      if (r.sendState === 'sent' || r.sendState === 'sending')
        throw new AppError('CONFLICT', noticeMessages.sentNoWithdraw)
      if (r.sendState === 'scheduled') await setState(tx, r.id, 'cancelled')
      continue
    }
    if ((step === 'pass' || step === 'publish') && r.verifyState === 1) {
      if (r.sendState !== 'waiting') continue
      await setState(tx, r.id, 'scheduled')
      // A time passed while the notice waited for review: it goes at once.
      const runAt = r.sendAt && r.sendAt > now ? r.sendAt : now
      await enqueueJob(tx, NOTICE_SEND_JOB, { noticeId: r.id }, { runAt, maxAttempts: 5 })
      continue
    }
    if (step === 'submit') {
      await checkSendable(tx, r.id, r.sendAt, now)
      if (r.sendState === 'cancelled' || r.sendState === 'failed') await setState(tx, r.id, 'waiting')
      continue
    }
    if (step !== null) continue // revoke, reject, a pass at an earlier node: nothing to send yet
    // A form save, the recycle bin or a restore (which brings a draft back as it was: its time is checked when it
    // is saved or submitted).
    if (write.kind === 'restore') continue
    if (r.recycledAt) {
      if (r.sendState === 'scheduled') await setState(tx, r.id, 'cancelled')
      continue
    }
    if (r.sendState === 'scheduled' || r.sendState === 'sent' || r.sendState === 'sending') {
      if (!(await sameAsApproved(tx, r.id)))
        throw new AppError(
          'CONFLICT',
          r.sendState === 'scheduled' ? noticeMessages.scheduledLocked : noticeMessages.sentLocked,
        )
      continue
    }
    if (r.verifyState !== 1) await checkSendable(tx, r.id, r.sendAt, now)
  }
})

const setState = (tx: Db, id: number, sendState: string) =>
  tx.update(notice).set({ sendState }).where(eq(notice.id, id))

/** 定时发送时间 in the future (or none); 指定用户 names some users. */
async function checkSendable(tx: Db, id: number, sendAt: Date | null, now: Date) {
  if (sendAt && sendAt <= now) throw new AppError('BAD_REQUEST', noticeMessages.sendAtPast)
  const [r] = await tx
    .select({ target: notice.target, userIds: notice.userIds, portraitId: notice.portraitId })
    .from(notice)
    .where(eq(notice.id, id))
  if (r?.target === 'users' && !(r.userIds as unknown[]).length)
    throw new AppError('BAD_REQUEST', noticeMessages.usersRequired)
  if (r?.target === 'portrait' && r.portraitId === null)
    throw new AppError('BAD_REQUEST', noticeMessages.portraitRequired)
}

/** Whether the notice's sent fields are those of its last approved version. */
async function sameAsApproved(tx: Db, id: number) {
  const v = resourceVersion
  const [approved] = await tx
    .select({ fields: v.fields })
    .from(v)
    .where(and(eq(v.resType, 'notice'), eq(v.resId, id), eq(v.decision, 'pass')))
    .orderBy(desc(v.versionNo))
    .limit(1)
  const [row] = await tx.select().from(notice).where(eq(notice.id, id))
  if (!approved || !row) return true
  return sameFields(SENT_FIELDS, approved.fields, recordFieldValues({ fields: SENT_FIELDS }, row))
}
