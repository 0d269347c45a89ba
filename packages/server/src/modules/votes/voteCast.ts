import { voteMessages } from '@moc/domain/api/votes'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { CHINA_TIME_ZONE } from '@moc/domain/rules/chinaTime'
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { vote, voteOption } from '../../db/tables/votes.ts'
import { AppError } from '../../platform/errors.ts'

/** The day a cast counts on: the broadcaster's local date (the votes' per-day limit). */

/** A vote the app shows: published, shown, not in the recycle bin. */
export const liveVote: SQL = and(
  eq(vote.verifyState, VERIFY_STATE.passed),
  eq(vote.showState, true),
  isNull(vote.recycledAt),
)!

export interface CastResult {
  optionId: number
  optionVoteCount: number
  today: number
  total: number
}

/**
 * One vote of an app user for an option (decision 0044): the option must be shown in a live vote whose window is
 * open; then ONE statement raises the user's tally (vote_voter) by a conditional upsert that passes neither limit —
 * the row lock orders concurrent casts of the user, and a refused one returns no row — and, only when it did, records
 * the cast and raises the option's and the vote's kept counts. One statement is one round trip and holds the hot
 * rows' locks (the option's and the vote's counts) only while it runs, so casts for one option queue for
 * microseconds, not for a transaction's several round trips. Locks come in one order (tally, option, vote).
 */
export async function castVote(
  db: Db,
  userId: number,
  optionId: number,
  now = new Date(),
): Promise<CastResult> {
  const [o] = await db
    .select({
      voteId: vote.id,
      startAt: vote.startAt,
      endAt: vote.endAt,
      dailyLimit: vote.dailyLimit,
      totalLimit: vote.totalLimit,
    })
    .from(voteOption)
    .innerJoin(vote, eq(vote.id, voteOption.voteId))
    .where(and(eq(voteOption.id, optionId), eq(voteOption.showState, true), liveVote))
  if (!o) throw new AppError('NOT_FOUND', voteMessages.optionNotFound)
  if (o.startAt && o.startAt > now) throw new AppError('CONFLICT', voteMessages.notStarted)
  if (o.endAt && o.endAt <= now) throw new AppError('CONFLICT', voteMessages.ended)
  const daily = o.dailyLimit ?? 1
  const totalLimit = o.totalLimit ?? 0
  const at = now.toISOString()
  const [done] = rowsOf(
    await db.execute(sql`with tally as (
        insert into vote_voter as v (vote_id, user_id, day, day_count, total)
        values (${o.voteId}, ${userId}, (${at}::timestamptz at time zone ${CHINA_TIME_ZONE})::date, 1, 1)
        on conflict (vote_id, user_id) do update set
          day_count = case when v.day = excluded.day then v.day_count + 1 else 1 end,
          day = excluded.day,
          total = v.total + 1
        where (${totalLimit}::int = 0 or v.total < ${totalLimit}::int)
          and (v.day <> excluded.day or v.day_count < ${daily}::int)
        returning v.day_count, v.total
      ), cast_row as (
        insert into vote_cast (vote_id, option_id, user_id, cast_at)
        select ${o.voteId}, ${optionId}, ${userId}, ${at}::timestamptz from tally
      ), option_count as (
        update vote_option set vote_count = vote_count + 1
        where id = ${optionId} and exists (select 1 from tally)
        returning vote_count
      ), vote_total as (
        update vote set vote_count = vote_count + 1
        where id = ${o.voteId} and exists (select 1 from tally)
      )
      select tally.day_count, tally.total, (select vote_count from option_count) as option_vote_count
      from tally`),
  )
  if (!done) {
    const [mine] = rowsOf(
      await db.execute(sql`select total from vote_voter where vote_id = ${o.voteId} and user_id = ${userId}`),
    )
    throw new AppError(
      'CONFLICT',
      totalLimit > 0 && Number(mine?.total) >= totalLimit ? voteMessages.totalUsed : voteMessages.dailyUsed,
    )
  }
  return {
    optionId,
    optionVoteCount: Number(done.option_vote_count ?? 0),
    today: Number(done.day_count),
    total: Number(done.total),
  }
}
