import { voteMessages } from '@moc/domain/api/votes'
import { and, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { vote, voteModule, voteOption } from '../../db/tables/votes.ts'
import { registerCommand } from '../../engine/records/recordCommands.ts'
import { registerAfterWrite } from '../../engine/records/recordDerived.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * What the engine's writes of votes, modules and options need besides their columns (decision 0044), in the write's
 * transaction: the vote window in order, an option's vote the one of its module, and the kept counts right after a
 * module or option with votes is deleted.
 */

/** Every vote's kept count from its casts again (after casts went with a deleted module or option: rare). */
async function recountVotes(tx: Db) {
  await tx.execute(sql`update ${vote} v set vote_count = c.n
    from (select v2.id, (select count(*) from vote_cast c where c.vote_id = v2.id)::int as n from ${vote} v2) c
    where c.id = v.id and v.vote_count <> c.n`)
}

/** Options follow their modules' vote; an option or module that has votes never changes vote. */
async function followModules(tx: Db, optionWhere: SQL) {
  const moved = await tx
    .select({ id: voteOption.id, voteCount: voteOption.voteCount })
    .from(voteOption)
    .innerJoin(voteModule, eq(voteModule.id, voteOption.moduleId))
    .where(and(optionWhere, sql`${voteOption.voteId} <> ${voteModule.voteId}`))
  if (moved.some((o) => (o.voteCount ?? 0) > 0)) throw new AppError('CONFLICT', voteMessages.moduleMoved)
  if (!moved.length) return
  await tx.execute(sql`update ${voteOption} o set vote_id = m.vote_id from ${voteModule} m
    where m.id = o.module_id and ${inArray(
      sql`o.id`,
      moved.map((o) => o.id),
    )}`)
}

registerAfterWrite('vote', async (tx, ids) => {
  const [wrong] = await tx
    .select({ id: vote.id })
    .from(vote)
    .where(
      and(
        inArray(vote.id, [...ids]),
        isNotNull(vote.startAt),
        isNotNull(vote.endAt),
        lte(vote.endAt, vote.startAt),
      ),
    )
    .limit(1)
  if (wrong) throw new AppError('BAD_REQUEST', voteMessages.window)
})

registerAfterWrite('voteOption', async (tx, ids) => {
  await followModules(tx, inArray(voteOption.id, [...ids]))
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(voteOption)
    .where(inArray(voteOption.id, [...ids]))
  if ((left?.n ?? 0) < new Set(ids).size) await recountVotes(tx)
})

registerAfterWrite('voteModule', async (tx, ids) => {
  await followModules(tx, inArray(voteOption.moduleId, [...ids]))
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(voteModule)
    .where(inArray(voteModule.id, [...ids]))
  if ((left?.n ?? 0) < new Set(ids).size) await recountVotes(tx)
})

/** 点评 (spec /vote/module/detail/comment): the operator's remark on one option, shown in the app beside it. */
registerCommand('voteOption', 'comment', async ({ tx, rows, input }) => {
  await tx
    .update(voteOption)
    .set({ comment: String(input.comment ?? ''), updatedAt: new Date() })
    .where(
      inArray(
        voteOption.id,
        rows.map((r) => r.id),
      ),
    )
  return { updated: rows.length }
})
