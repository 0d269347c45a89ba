import type { Db } from '../db/client.ts'

/** Comments an approval has just shown: their ids and authors (an app user's, null for a console account's). */
export type PassedComment = { id: number; userId: number | null }
type AfterPass = (tx: Db, comments: PassedComment[]) => Promise<void>

const afterPass: AfterPass[] = []

/**
 * Something that follows comments' approval in the decision's transaction (an app user's 评论 task, decision 0050):
 * a held comment counts once it is shown. A comment is approved once (only a pending one can be), so once.
 */
export const registerAfterCommentsPass = (fn: AfterPass) => {
  afterPass.push(fn)
}

export async function commentsPassed(tx: Db, comments: PassedComment[]) {
  if (comments.length) for (const fn of afterPass) await fn(tx, comments)
}
