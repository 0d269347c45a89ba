import { voteMessages } from '@moc/domain/api/votes'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { vote, voteCast, voteOption } from '../../db/tables/votes.ts'
import { AppError } from '../../platform/errors.ts'

/** The day a cast counts on: the broadcaster's local date (the votes' per-day limit). */
export const VOTE_TIME_ZONE = 'Asia/Shanghai'

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

const rowsOf = (r: unknown): Record<string, unknown>[] =>
  Array.isArray(r) ? r : ((r as { rows?: Record<string, unknown>[] }).rows ?? [])

/**
 * One vote of an app user for an option (decision 0044), in one transaction: the option must be shown in a live vote
 * whose window is open; the user's tally (vote_voter) is raised by ONE conditional upsert that passes neither limit —
 * the row lock orders concurrent casts of the user, and a refused one returns no row — then the cast is recorded and
 * the option's and the vote's kept counts raised. Locks are taken in one order (tally, option, vote): no deadlock.
 */
export async function castVote(
  db: Db,
  userId: number,
  optionId: number,
  now = new Date(),
): Promise<CastResult> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [o] = await tx
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
    const tally = rowsOf(
      await tx.execute(sql`insert into vote_voter as v (vote_id, user_id, day, day_count, total)
        values (${o.voteId}, ${userId}, (${now.toISOString()}::timestamptz at time zone ${VOTE_TIME_ZONE})::date, 1, 1)
        on conflict (vote_id, user_id) do update set
          day_count = case when v.day = excluded.day then v.day_count + 1 else 1 end,
          day = excluded.day,
          total = v.total + 1
        where (${totalLimit}::int = 0 or v.total < ${totalLimit}::int)
          and (v.day <> excluded.day or v.day_count < ${daily}::int)
        returning v.day_count, v.total`),
    )[0]
    if (!tally) {
      const [mine] = rowsOf(
        await tx.execute(
          sql`select total from vote_voter where vote_id = ${o.voteId} and user_id = ${userId}`,
        ),
      )
      throw new AppError(
        'CONFLICT',
        totalLimit > 0 && Number(mine?.total) >= totalLimit ? voteMessages.totalUsed : voteMessages.dailyUsed,
      )
    }
    await tx.insert(voteCast).values({ voteId: o.voteId, optionId, userId, castAt: now })
    const [option] = await tx
      .update(voteOption)
      .set({ voteCount: sql`${voteOption.voteCount} + 1` })
      .where(eq(voteOption.id, optionId))
      .returning({ voteCount: voteOption.voteCount })
    await tx
      .update(vote)
      .set({ voteCount: sql`${vote.voteCount} + 1` })
      .where(eq(vote.id, o.voteId))
    return {
      optionId,
      optionVoteCount: option?.voteCount ?? 0,
      today: Number(tally.day_count),
      total: Number(tally.total),
    }
  })
}
