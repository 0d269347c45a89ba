import { z } from 'zod'
import {
  ACTIVITY_STAGES,
  ARTICLE_STATES,
  ENROLL_STATES,
  PAY_STATES,
  PRIZE_TIERS,
} from '../resources/activity/activityRules.ts'
import { pageSchema } from '../transport/envelope.ts'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * The activities' calls beyond the record engine's (decision 0045): enrolments and entries of an activity (lists,
 * 合格 / 不合格 / 颁奖, entries' edits), its statistics and the enrolment export, 确认收款 of a paid enrolment, and
 * the app-facing list, detail, enrolment, entry and 我的活动.
 */

export const activityMessages = {
  notFound: '活动不存在',
  enrollNotFound: '报名记录不存在',
  articleNotFound: '作品不存在',
  notCancellable: (stage: string) => `活动${stage}，不能取消`,
  cancelled: '活动已取消',
  notOpen: '活动未开放报名',
  enrollNotStarted: '报名尚未开始',
  enrollEnded: '报名已截止',
  full: '报名人数已满',
  enrolledAlready: '您已报名该活动',
  notEssay: '该活动不接受投稿',
  notEnrolled: '请先报名该活动',
  disqualified: '您的报名未通过审核，不能投稿',
  unpaid: '请先完成报名费支付',
  entriesUsed: (n: number) => `每人最多投稿 ${n} 篇`,
  articleEnded: '活动已结束，不能投稿',
  reasonRequired: '请输入不合格原因',
  prizeRequired: '请选择奖项',
  notPay: '该报名无需支付',
  paidAlready: '该报名已支付',
  enrolled: '报名成功',
  submitted: '投稿成功',
  removed: (n: number) => `已移除 ${n} 篇作品`,
} as const

export const ACTIVITY_ARTICLE_TITLE_MAX = 50
export const ACTIVITY_ARTICLE_BODY_MAX = 20_000
export const ACTIVITY_REASON_MAX = 200

const pageSize = z.coerce.number().int().min(1).max(100).default(10)
const keyword = z.string().trim().max(50).optional()

/** An activity named by `id` or `activityId` (the spec's calls name it either way). */
export const activityIdQuerySchema = z
  .object({ id: idQuerySchema.optional(), activityId: idQuerySchema.optional() })
  .refine((q) => q.id !== undefined || q.activityId !== undefined, '请指定活动')

/** GET /api/activity/enroll/list and /articles/list: one activity's rows, searched and paged. */
export const activityRowsQuerySchema = z.object({
  activityId: idQuerySchema,
  keyword,
  state: z.string().max(20).optional(),
  page: pageNumberSchema,
  pageSize,
})

export const enrollItemSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  userId: z.number().int(),
  nickname: z.string(),
  phone: z.string(),
  answers: z.record(z.string(), z.unknown()),
  state: z.enum(Object.keys(ENROLL_STATES) as [keyof typeof ENROLL_STATES]),
  reason: z.string(),
  prize: z.string(),
  fee: z.number().int(),
  payState: z.enum(Object.keys(PAY_STATES) as [keyof typeof PAY_STATES]),
  orderNo: z.string(),
  paidAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type EnrollItem = z.infer<typeof enrollItemSchema>

export const formFieldSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.string(),
  required: z.boolean(),
  options: z.string(),
})

export const enrollListSchema = pageSchema(enrollItemSchema).extend({ fields: z.array(formFieldSchema) })

export const articleItemSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  userId: z.number().int(),
  nickname: z.string(),
  title: z.string(),
  cover: z.string(),
  state: z.enum(Object.keys(ARTICLE_STATES) as [keyof typeof ARTICLE_STATES]),
  reason: z.string(),
  prize: z.string(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export const articleDetailSchema = articleItemSchema.extend({ body: z.string(), activityTitle: z.string() })

/** Which rows a decision is about: enrolments (`enroll`, the default) or entries (`article`). */
const target = z.enum(['enroll', 'article']).default('enroll')

/** GET /api/activity/qualify: 合格. */
export const qualifyQuerySchema = z.object({ id: idQuerySchema, target })
/** GET /api/activity/disqualify: 不合格, with the reason. */
export const disqualifyQuerySchema = z.object({
  id: idQuerySchema,
  target,
  reason: z
    .string(activityMessages.reasonRequired)
    .trim()
    .min(1, activityMessages.reasonRequired)
    .max(ACTIVITY_REASON_MAX, `不合格原因不能超过${ACTIVITY_REASON_MAX}个字`),
})
/** GET /api/activity/award: 颁奖, with the prize tier. */
export const awardQuerySchema = z.object({
  id: idQuerySchema,
  target,
  prize: z.enum(PRIZE_TIERS, activityMessages.prizeRequired),
})
export const decisionResultSchema = z.object({ id: z.number().int(), state: z.string() })

export const articleIdQuerySchema = z.object({ id: idQuerySchema })

const articleText = {
  title: z
    .string('请输入作品标题')
    .trim()
    .min(1, '请输入作品标题')
    .max(ACTIVITY_ARTICLE_TITLE_MAX, `作品标题不能超过${ACTIVITY_ARTICLE_TITLE_MAX}个字`),
  body: z
    .string('请输入作品内容')
    .trim()
    .min(1, '请输入作品内容')
    .max(ACTIVITY_ARTICLE_BODY_MAX, '作品内容过长'),
  cover: z
    .string()
    .trim()
    .max(1000, '封面图填写有误')
    .regex(/^$|^(https?:\/\/|\/(?!\/))/i, '封面图填写有误')
    .default(''),
}

/** POST /api/activity/articles/preserve: an operator's entry for an enrolled user (作品补录). */
export const articlePreserveBodySchema = z.object({ activityId: idSchema, userId: idSchema, ...articleText })
/** POST /api/activity/articles/update: an entry's title, body or cover corrected. */
export const articleUpdateBodySchema = z.object({
  id: idSchema,
  title: articleText.title.optional(),
  body: articleText.body.optional(),
  cover: articleText.cover.optional(),
})
/** POST /api/activity/articles/remove: entries taken out (they stay, marked removed). */
export const articleRemoveBodySchema = z
  .object({ id: idSchema.optional(), ids: z.array(idSchema).max(100).optional() })
  .refine((b) => b.id !== undefined || (b.ids?.length ?? 0) > 0, '请选择作品')

/** POST /api/activity/enroll/confirmPay: 确认收款 of a paid activity's enrolment. */
export const confirmPayBodySchema = z.object({ id: idSchema })
export const confirmPaySchema = z.object({ id: z.number().int(), payState: z.string(), paidAt: z.string() })

/** GET /api/activity/detail/stats. */
export const activityStatsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  enrollCount: z.number().int(),
  entryCount: z.number().int(),
  /** Enrolments per day (Asia/Shanghai), oldest first. */
  enrollsByDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  enrollsByState: z.record(z.string(), z.number().int()),
  entriesByState: z.record(z.string(), z.number().int()),
  payByState: z.record(z.string(), z.number().int()),
})
export type ActivityStats = z.infer<typeof activityStatsSchema>

/** The app-facing calls (DESIGN §6a). */
export const openActivityListQuerySchema = z.object({
  kind: z.enum(['essay', 'normal', 'pay']).optional(),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
})
export const openActivityIdQuerySchema = z.object({ id: idQuerySchema })

export const openActivitySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  cover: z.string(),
  location: z.string(),
  enrollStart: z.string().nullable(),
  enrollEnd: z.string().nullable(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  maxEnrolls: z.number().int(),
  entriesPerUser: z.number().int(),
  fee: z.number().int(),
  enrollCount: z.number().int(),
  stage: z.enum(Object.keys(ACTIVITY_STAGES) as [keyof typeof ACTIVITY_STAGES]),
})
export const openActivityDetailSchema = openActivitySchema.extend({
  rules: z.string(),
  fields: z.array(formFieldSchema),
  /** The caller's enrolment, when signed in and enrolled. */
  mine: z.object({ id: z.number().int(), state: z.string(), payState: z.string() }).nullable(),
})

export const openEnrollBodySchema = z.object({
  activityId: idSchema,
  answers: z.record(z.string(), z.unknown()).default({}),
})
export const openEnrollSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  fee: z.number().int(),
  payState: z.string(),
  orderNo: z.string(),
})

export const openArticleBodySchema = z.object({ activityId: idSchema, ...articleText })
export const openArticleSchema = z.object({ id: z.number().int(), state: z.string() })

export const openMineQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
})
export const openMineItemSchema = z.object({
  enrollId: z.number().int(),
  activity: openActivitySchema,
  state: z.string(),
  reason: z.string(),
  prize: z.string(),
  payState: z.string(),
  enrolledAt: z.string(),
  articles: z.array(
    z.object({ id: z.number().int(), title: z.string(), state: z.string(), prize: z.string() }),
  ),
})
