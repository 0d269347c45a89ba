import { openCommunityMessages as msg } from '@moc/domain/api/openCommunity'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { processResourceLog } from '../../db/schema.ts'
import { circle, post, topic } from '../../db/tables/community.ts'
import { nodesOf } from '../../engine/reviewFlow.ts'
import { AppError } from '../../platform/errors.ts'
import { visibleCircle } from './openCommon.ts'
import { recountPosts } from './openPostCounts.ts'

/** The review type of posts (/postAudit; spec §7 posts pending type 0). */
export const POST_RES_TYPE = 'post'

export interface NewPost {
  userId: number
  circleId: number
  topicId: number | null
  /** Screened already (screenPost): replace-level words masked, the others named in hitWords. */
  title: string
  body: string
  hitWords: string[]
  images: string[]
  video: string
  /** Whether it waits for review (the circle asks for it, or a word hit). */
  held: boolean
  /** Who the review trail names as submitting it (an app user, or the console account posting as an operator). */
  submitter: { id: number; name: string }
  /** The console account that posted it as an operator account. */
  postedBy?: number
}

/**
 * Inserts a post in the caller's transaction (the app's POST /api/open/post/add and the console's 以运营用户发帖):
 * held for review at the process's first node with its submission in the review trail, or published at once with
 * its circle's and topic's counts kept.
 */
export async function createPost(tx: Db, p: NewPost) {
  const now = new Date()
  const first = p.held ? ((await nodesOf(tx, POST_RES_TYPE))[0] ?? null) : null
  const [made] = await tx
    .insert(post)
    .values({
      userId: p.userId,
      circleId: p.circleId,
      topicId: p.topicId,
      title: p.title,
      body: p.body,
      images: p.images,
      video: p.video,
      hitWords: p.hitWords,
      postedBy: p.postedBy ?? null,
      ...(p.held
        ? {
            verifyState: VERIFY_STATE.pending,
            processType: 'PENDING',
            processStateId: first?.id ?? null,
            submittedAt: now,
          }
        : { verifyState: VERIFY_STATE.passed, publishedAt: now }),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: post.id, verifyState: post.verifyState })
  if (p.held)
    await tx.insert(processResourceLog).values({
      resType: POST_RES_TYPE,
      resId: made!.id,
      action: 'submit',
      actorId: p.submitter.id,
      actorName: p.submitter.name,
      stateId: first?.id ?? null,
      stateName: first?.name ?? '',
      comment: p.hitWords.length ? `命中敏感词：${p.hitWords.join('、')}` : '',
    })
  else await recountPosts(tx, [p.circleId], [p.topicId])
  return made!
}

/**
 * Where posts go or are read: a circle the app shows (404 圈子不存在 otherwise; its 发帖需审核 answered) and, when
 * given, a shown topic (404 话题不存在).
 */
export async function postPlace(db: Db, circleId: number | undefined, topicId: number | null | undefined) {
  let postReview = false
  if (circleId !== undefined) {
    const [c] = await db
      .select({ postReview: circle.postReview })
      .from(circle)
      .where(and(eq(circle.id, circleId), visibleCircle))
    if (!c) throw new AppError('NOT_FOUND', msg.circleNotFound)
    postReview = c.postReview
  }
  if (topicId !== undefined && topicId !== null) {
    const [tp] = await db
      .select({ id: topic.id })
      .from(topic)
      .where(and(eq(topic.id, topicId), eq(topic.showState, true)))
    if (!tp) throw new AppError('NOT_FOUND', msg.topicNotFound)
  }
  return { postReview }
}
