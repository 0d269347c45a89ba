import { z } from 'zod'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * The votes' calls beyond the record engine's (decision 0044): the results (GET /api/vote/module/data) and their
 * export, the text check (GET /api/platform/violation/examine), and the app-facing vote list, detail and cast.
 */

export const voteMessages = {
  notFound: '投票活动不存在',
  optionNotFound: '投票选项不存在',
  notStarted: '投票未开始',
  ended: '投票已结束',
  dailyUsed: '今日投票次数已用完',
  totalUsed: '投票次数已用完',
  cast: '投票成功',
  window: '投票结束时间须晚于开始时间',
  moduleMoved: '模块已有投票，不能移到其他投票活动',
  examinePass: '未发现违规内容',
  examineHit: (words: string[]) => `含有违规词：${words.join('、')}`,
} as const

/** 点评 and the text checked at most this long. */
export const VOTE_COMMENT_MAX = 500
export const VIOLATION_TEXT_MAX = 20_000

/** A vote named by `id` or `voteId` (the spec's calls name it either way). */
export const voteIdQuerySchema = z
  .object({ id: idQuerySchema.optional(), voteId: idQuerySchema.optional() })
  .refine((q) => q.id !== undefined || q.voteId !== undefined, '请指定投票活动')

/** POST /api/vote/module/data/export: the vote. */
export const voteExportBodySchema = z.strictObject({ id: idSchema })

/** The app's vote list: a page of published, shown votes. */
export const openVoteListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
})
export const openVoteIdQuerySchema = z.object({ id: idQuerySchema })

export const voteResultOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  media: z.string(),
  voteCount: z.number().int(),
  showState: z.boolean(),
})
export const voteResultModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  voteCount: z.number().int(),
  options: z.array(voteResultOptionSchema),
})
/** The results of a vote: every module's options with their counts, the casts per day and the voters. */
export const voteResultsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  voteCount: z.number().int(),
  voters: z.number().int(),
  modules: z.array(voteResultModuleSchema),
  days: z.array(z.object({ day: z.string(), count: z.number().int() })),
})
export type VoteResults = z.infer<typeof voteResultsSchema>

export const violationQuerySchema = z.object({ text: z.string().max(VIOLATION_TEXT_MAX).default('') })
export const violationResultSchema = z.object({
  /** No block- or review-level word: the text may go out. */
  pass: z.boolean(),
  words: z.array(z.object({ word: z.string(), level: z.string(), count: z.number().int() })),
  /** The text with replace-level words masked. */
  text: z.string(),
})

/** The app's view of a vote. */
export const openVoteOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  media: z.string(),
  description: z.string(),
  comment: z.string(),
  /** Null when the vote does not show its results. */
  voteCount: z.number().int().nullable(),
})
export const openVoteSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  dailyLimit: z.number().int(),
  totalLimit: z.number().int(),
  showResult: z.boolean(),
  voteCount: z.number().int().nullable(),
  /** 未开始 / 进行中 / 已结束 */
  state: z.enum(['notStarted', 'ongoing', 'ended']),
})
export const openVoteDetailSchema = openVoteSchema.extend({
  rules: z.string(),
  modules: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      intro: z.string(),
      options: z.array(openVoteOptionSchema),
    }),
  ),
})
export const openVoteCastBodySchema = z.strictObject({ optionId: idSchema })
export const openVoteCastSchema = z.object({
  optionId: z.number().int(),
  optionVoteCount: z.number().int(),
  today: z.number().int(),
  total: z.number().int(),
})
