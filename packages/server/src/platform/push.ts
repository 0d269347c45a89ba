import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rowsOf.ts'
import { appUser, appUserDevice } from '../db/tables/community.ts'
import { pushOutbox } from '../db/tables/notices.ts'

/** What a notice pushes: its title, text and link, keyed by the notice (a user gets a notice's push once). */
export interface PushMessage {
  noticeId: number
  title: string
  body: string
  link: string
}

/**
 * Sends pushes to app users' devices (decision 0049). `dispatch` runs inside the transaction that marks the notice
 * sent: what it writes commits with it or not at all, so a retried send never pushes twice. The built-in provider
 * writes the push outbox; a vendor provider (JPush, 个推, Firebase) writes the same rows as its durable send list
 * and enqueues its delivery job in that transaction (a vendor's API is called after the commit, never inside it).
 */
export interface PushProvider {
  readonly name: string
  /**
   * Pushes `message` to the app users matching `audience` (a condition over app_user), each once: a user it
   * already went to is skipped. Answers how many users it was handed for.
   */
  dispatch(tx: Db, message: PushMessage, audience: SQL): Promise<number>
}

/**
 * What a vendor push service offers (not wired: no vendor is configured), for the provider that will sit behind the
 * outbox. Pushes go to device tokens (JPush registration ids, 个推 cids, FCM tokens) in batches of at most
 * `batchLimit` (JPush 1,000, 个推 1,000 per list push, FCM 500 per multicast); the answer names the tokens the vendor
 * no longer knows (the app was removed) and a message id whose receipts (arrived, opened) are read later.
 */
export interface PushVendor {
  readonly name: string
  readonly batchLimit: number
  send(
    tokens: readonly string[],
    message: { title: string; body: string; link: string; idempotencyKey: string },
  ): Promise<{ messageId: string; invalidTokens: string[] }>
  receipts(messageIds: readonly string[]): Promise<{ messageId: string; arrived: number; opened: number }[]>
}

/**
 * The built-in provider: nothing leaves the machine. One push_outbox row per notice and user, with the user's
 * devices, readable on the 推送发件箱 screen by super administrators (like the SMS outbox). One INSERT … SELECT over
 * the audience, so a notice to every user is one statement, not one per user.
 */
export class OutboxPushProvider implements PushProvider {
  readonly name = 'outbox'

  async dispatch(tx: Db, message: PushMessage, audience: SQL): Promise<number> {
    const devices = sql`coalesce((select jsonb_agg(d.device_id order by d.id) from ${appUserDevice} d
      where d.parent_id = ${appUser.id} and d.device_id <> ''), '[]'::jsonb)`
    const result = await tx.execute(sql`
      with sent as (
        insert into ${pushOutbox} (notice_id, user_id, device_ids, title, body, link)
        select ${message.noticeId}::int, ${appUser.id}, ${devices}, ${message.title}, ${message.body}, ${message.link}
        from ${appUser} where ${audience}
        on conflict (notice_id, user_id) do nothing
        returning 1
      )
      select count(*)::int as n from sent`)
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)
  }
}
