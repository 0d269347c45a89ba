import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'

export interface AwardGrant {
  awardId: number
  userId: number
  /** rule: earned by the award's rule; grant: given by an operator (`grantedBy`, `reason`). */
  source: 'rule' | 'grant'
  grantedBy?: number | null
  reason?: string
}

/**
 * Gives a medal or avatar frame to a user once (user_award's unique index; a second grant is a no-op) and counts
 * its holders in the same statement. Answers whether the user got it now.
 */
export async function grantAward(tx: Db, g: AwardGrant): Promise<boolean> {
  const res = await tx.execute(sql`
    with ins as (
      insert into user_award (award_id, user_id, source, granted_by, reason)
      values (${g.awardId}, ${g.userId}, ${g.source}, ${g.grantedBy ?? null}, ${g.reason ?? ''})
      on conflict (award_id, user_id) do nothing
      returning award_id
    )
    update award set granted_count = granted_count + 1 where id in (select award_id from ins)
    returning id`)
  return rowsOf(res).length > 0
}
