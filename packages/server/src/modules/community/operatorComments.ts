import { communityContentMessages as msg } from '@moc/domain/api/communityContent'
import { COMMENT_TARGETS } from '@moc/domain/resources/community/commentTemplate'
import { lockInForce } from '@moc/domain/rules/appUserLock'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { comment, content } from '../../db/schema.ts'
import { appUser, post } from '../../db/tables/community.ts'
import { screenCommentBody } from '../../engine/commentScreening.ts'
import { recountPostComments } from '../../engine/commentTargets.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'

export type CommentTarget = keyof typeof COMMENT_TARGETS

/** What an operator comments on: a published content item, or a published, live post. */
export async function commentTargetOf(tx: Db, target: CommentTarget, id: number) {
  if (target === 'content') {
    const [item] = await tx
      .select({ id: content.id, kind: content.kind })
      .from(content)
      .where(and(eq(content.id, id), eq(content.verifyState, 1), isNull(content.recycledAt)))
    if (!item) throw new AppError('NOT_FOUND', msg.targetNotFound(COMMENT_TARGETS.content))
    return { contentId: item.id, postId: null, contentKind: item.kind }
  }
  const [found] = await tx
    .select({ id: post.id })
    .from(post)
    .where(and(eq(post.id, id), eq(post.verifyState, 1), isNull(post.recycledAt)))
  if (!found) throw new AppError('NOT_FOUND', msg.targetNotFound(COMMENT_TARGETS.post))
  return { contentId: null, postId: found.id, contentKind: 'post' }
}

/** The operator account (运营用户) a console account acts as: one that exists and is neither locked nor cancelled. */
export async function activeOperator(tx: Db, id: number) {
  const [operator] = await tx
    .select({
      id: appUser.id,
      nickname: appUser.nickname,
      state: appUser.state,
      lockReason: appUser.lockReason,
      lockedUntil: appUser.lockedUntil,
    })
    .from(appUser)
    .where(and(eq(appUser.id, id), eq(appUser.operator, true)))
  if (!operator) throw new AppError('NOT_FOUND', msg.operatorNotFound)
  if (operator.state === 'cancelled' || lockInForce(operator))
    throw new AppError('CONFLICT', msg.operatorLocked)
  return operator
}

/**
 * Comments with these bodies on the target, under the operator account, screened like every comment (a review-level
 * word holds one for /commentAudit, a block-level word refuses them all); a post's comment count follows.
 */
export async function commentAsOperator(
  tx: Db,
  ctx: Ctx,
  operator: { id: number; nickname: string },
  target: Awaited<ReturnType<typeof commentTargetOf>>,
  bodies: readonly string[],
) {
  const values = []
  for (const body of bodies)
    values.push({
      ...target,
      authorName: operator.nickname,
      userId: operator.id,
      ...(await screenCommentBody(ctx.sensitive, body, tx)),
    })
  const added = await tx.insert(comment).values(values).returning({ id: comment.id })
  await recountPostComments(
    tx,
    added.map((c) => c.id),
  )
  return added
}
