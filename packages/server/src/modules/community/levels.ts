import { LEVEL_ORDER_MESSAGE } from '@moc/domain/resources/community/userLevel'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { appUser, userLevel } from '../../db/tables/community.ts'
import { registerAfterWrite } from '../../engine/records/recordDerived.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * Sets users' `level` from their points through the level table, in one statement: each level covers its min points
 * up to the next level's (the lowest one from nothing, the highest with no end). Only rows whose level changes are
 * written. `userIds` limits it (the app-facing side, after a user's points change); without it every user (after a
 * change to the levels). With no levels at all, levels stay as they are. Run it in the caller's transaction.
 */
export async function recomputeUserLevels(tx: Db, userIds?: readonly number[]): Promise<number> {
  if (userIds && !userIds.length) return 0
  const only = userIds
    ? sql`and u.id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``
  const changed = await tx.execute<{ id: number }>(sql`
    update ${appUser} u set level = b.level
    from (
      select level,
        case when row_number() over (order by min_points) = 1 then null else min_points end as lo,
        lead(min_points) over (order by min_points) as hi
      from ${userLevel}
    ) b
    where (b.lo is null or u.points >= b.lo) and (b.hi is null or u.points < b.hi) and u.level <> b.level ${only}
    returning u.id`)
  return rowCount(changed)
}

/** The rows an `execute` answered (node-postgres and PGlite both answer `rows`). */
const rowCount = (r: unknown) => (r as { rows: unknown[] }).rows.length

/** The levels read the same way by number and by points: a higher level never needs fewer points. */
async function checkLevelOrder(tx: Db) {
  const bad = await tx.execute(sql`
    select 1 from ${userLevel} a join ${userLevel} b on a.level < b.level and a.min_points >= b.min_points limit 1`)
  if (rowCount(bad)) throw new AppError('CONFLICT', LEVEL_ORDER_MESSAGE)
}

registerAfterWrite('userLevel', async (tx) => {
  await checkLevelOrder(tx)
  await recomputeUserLevels(tx)
})
