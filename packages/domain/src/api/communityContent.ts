import { z } from 'zod'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'
import { CONTENT_PAGE_SIZE, CONTENT_PAGE_SIZE_MAX, contentIdsSchema } from './content.ts'

/**
 * The console calls of circles, posts and comment templates that their definitions cannot say (decision 0042):
 * moving posts into and out of a circle, a circle's topped posts in their order, importing templates row by row.
 */

export const communityContentMessages = {
  circleNotFound: '圈子不存在',
  postNotFound: '帖子不存在',
  notInCircle: (circle: string) => `帖子不在圈子「${circle}」中`,
  related: '已移入圈子',
  unrelated: '已移出圈子',
  notTopped: (circle: string) => `只能排序圈子「${circle}」的置顶帖子，且须列出全部置顶帖子`,
  sorted: '排序成功',
  operatorNotFound: '运营账号不存在',
  operatorLocked: '该运营账号已被锁定或注销',
  targetNotFound: (target: string) => `${target}不存在或未发布`,
  templatesOff: '所选模板均已禁用',
  posted: (n: number) => `已发表 ${n} 条评论`,
} as const

/** POST /api/circle/addRelation and /removeRelation: the circle (`id`) and the posts moved into or out of it. */
export const circleRelationBodySchema = z.object({ id: idSchema, postIds: contentIdsSchema })

/** GET /api/circle/content/top: a circle's topped posts, in their order (`circleId`, or `id`). */
export const circleTopQuerySchema = z
  .object({
    circleId: idQuerySchema.optional(),
    id: idQuerySchema.optional(),
    page: pageNumberSchema,
    pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
  })
  .refine((q) => q.circleId !== undefined || q.id !== undefined, '请指定圈子')

export const circleTopItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  images: z.array(z.string()),
  userId: z.number().int(),
  topSort: z.number().int(),
  showState: z.boolean(),
  verifyState: z.number().int(),
  createdAt: z.string(),
})

/** POST /api/circle/content/top/sorting: every topped post of the circle, in the new order (the first on top). */
export const circleTopSortBodySchema = z.object({ circleId: idSchema, ids: contentIdsSchema })
