import { registerCommand } from '../../engine/records/recordCommands.ts'
import { screenPost } from './openPostRoutes.ts'
import { activeOperator, commentAsOperator, commentTargetOf } from './operatorComments.ts'
import { createPost, postPlace } from './postCreate.ts'

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/**
 * 以运营用户发帖 (/postManage, 添加): a post under an operator account (运营用户) in a circle the app shows, as the
 * app would make it — screened, and held for /postAudit when a word hits. The circle's 发帖需审核 is for app users;
 * the console account is named in the post (posted_by) and in the review trail.
 */
registerCommand('post', 'publish', async ({ tx, input, ctx, req }) => {
  const operator = await activeOperator(tx, Number(input.operatorId))
  const circleId = Number(input.circleId)
  const topicId = input.topicId === null || input.topicId === undefined ? null : Number(input.topicId)
  await postPlace(tx, circleId, topicId)
  const screened = await screenPost(ctx.sensitive, text(input.title), text(input.body), tx)
  const p = req.principal!
  const made = await createPost(tx, {
    userId: operator.id,
    circleId,
    topicId,
    title: screened.title,
    body: screened.body,
    hitWords: screened.hitWords,
    images: Array.isArray(input.images) ? (input.images as string[]) : [],
    video: text(input.video),
    held: screened.hitWords.length > 0,
    submitter: { id: p.adminId, name: p.username },
    postedBy: p.adminId,
  })
  req.auditInfo.target = `post:${made.id}`
  req.auditInfo.targetName = `${operator.nickname}：${(screened.title || screened.body).slice(0, 30)}`
  return { id: made.id, verifyState: made.verifyState }
})

/** 以运营用户评论 (/postManage, 评论): a comment on a published post under an operator account, screened. */
registerCommand('post', 'reply', async ({ tx, rows, input, ctx, req }) => {
  const operator = await activeOperator(tx, Number(input.operatorId))
  const target = await commentTargetOf(tx, 'post', rows[0]!.id)
  const [added] = await commentAsOperator(tx, ctx, operator, target, [text(input.body)])
  req.auditInfo.targetName = `${operator.nickname} → 帖子#${rows[0]!.id}`
  return { id: added!.id }
})
