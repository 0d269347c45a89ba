import { communityContentMessages as msg } from '@moc/domain/api/communityContent'
import { COMMENT_TARGETS } from '@moc/domain/resources/community/commentTemplate'
import { type CommandHandler, registerCommand } from '../../engine/records/recordCommands.ts'
import { AppError } from '../../platform/errors.ts'
import { activeOperator, type CommentTarget, commentAsOperator, commentTargetOf } from './operatorComments.ts'

/**
 * 评论 (decision 0042): the chosen enabled templates, each as a comment on the content item or post, under the
 * operator account chosen (运营用户: an app account with `operator`, not locked). Screened like every comment (a
 * review-level word holds it for /commentAudit, a block-level word refuses the whole batch).
 */
const postTemplates: CommandHandler = async ({ tx, rows, input, ctx, req }) => {
  const enabled = rows.filter((r) => r.showState)
  if (!enabled.length) throw new AppError('CONFLICT', msg.templatesOff)
  const operator = await activeOperator(tx, Number(input.operatorId))
  const target = await commentTargetOf(tx, input.target as CommentTarget, Number(input.targetId))
  const added = await commentAsOperator(
    tx,
    ctx,
    operator,
    target,
    enabled.map((r) => String(r.content)),
  )
  req.auditInfo.targetName = `${operator.nickname} → ${COMMENT_TARGETS[input.target as CommentTarget]}#${input.targetId}`
  return { added: added.length }
}

registerCommand('commentTemplate', 'post', postTemplates)
