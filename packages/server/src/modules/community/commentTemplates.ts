import { communityContentMessages as msg } from '@moc/domain/api/communityContent'
import { COMMENT_TARGETS } from '@moc/domain/resources/community/commentTemplate'
import { lockInForce } from '@moc/domain/rules/appUserLock'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { comment, content } from '../../db/schema.ts'
import { appUser, post } from '../../db/tables/community.ts'
import { screenCommentBody } from '../../engine/commentScreening.ts'
import { recountPostComments } from '../../engine/commentTargets.ts'
import { type CommandHandler, registerCommand } from '../../engine/records/recordCommands.ts'
import { AppError } from '../../platform/errors.ts'

/** What a template is posted on: a published content item, or a published, live post. */
async function targetOf(tx: Db, target: keyof typeof COMMENT_TARGETS, id: number) {
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

/**
 * 评论 (decision 0042): the chosen enabled templates, each as a comment on the content item or post, under the
 * operator account chosen (运营用户: an app account with `operator`, not locked). Screened like every comment (a
 * review-level word holds it for /commentAudit, a block-level word refuses the whole batch).
 */
const postTemplates: CommandHandler = async ({ tx, rows, input, ctx, req }) => {
  const enabled = rows.filter((r) => r.showState)
  if (!enabled.length) throw new AppError('CONFLICT', msg.templatesOff)
  const [operator] = await tx
    .select({
      id: appUser.id,
      nickname: appUser.nickname,
      state: appUser.state,
      lockReason: appUser.lockReason,
      lockedUntil: appUser.lockedUntil,
    })
    .from(appUser)
    .where(and(eq(appUser.id, Number(input.operatorId)), eq(appUser.operator, true)))
  if (!operator) throw new AppError('NOT_FOUND', msg.operatorNotFound)
  if (operator.state === 'cancelled' || lockInForce(operator))
    throw new AppError('CONFLICT', msg.operatorLocked)
  const target = await targetOf(tx, input.target as keyof typeof COMMENT_TARGETS, Number(input.targetId))
  const values = []
  for (const r of enabled)
    values.push({
      ...target,
      authorName: operator.nickname,
      userId: operator.id,
      ...(await screenCommentBody(ctx.sensitive, String(r.content), tx)),
    })
  const added = await tx.insert(comment).values(values).returning({ id: comment.id })
  await recountPostComments(
    tx,
    added.map((c) => c.id),
  )
  req.auditInfo.targetName = `${operator.nickname} → ${COMMENT_TARGETS[input.target as 'post']}#${input.targetId}`
  return { added: added.length }
}

registerCommand('commentTemplate', 'post', postTemplates)
