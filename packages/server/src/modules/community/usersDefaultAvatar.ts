import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { defaultAvatar } from '../../db/tables/community.ts'

/**
 * The avatar a new app user gets (默认头像, /defaultAvatar): one of the 启用 ones at random, '' when there is none. For
 * the app-facing sign-up.
 */
export async function pickDefaultAvatar(db: Db): Promise<string> {
  const [row] = await db
    .select({ image: defaultAvatar.image })
    .from(defaultAvatar)
    .where(eq(defaultAvatar.showState, true))
    .orderBy(sql`random()`)
    .limit(1)
  return row?.image ?? ''
}
