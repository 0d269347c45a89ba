import { z } from 'zod'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * 任务、签到、勋章、头像框 (decision 0050): the words of the definitions, the messages, and the schemas of the
 * app-facing calls (/api/open/tasks, /task/report, /signin, /awards, /avatarFrame/wear), the console's custom calls
 * (签到设置, holders of a medal or frame, a user's medals and points history) and the test clock.
 */

/** 任务动作: what the app user does. `signin` is the daily sign-in (at most one task), `read`/`share` the app reports. */
export const TASK_ACTIONS = {
  read: '阅读',
  share: '分享',
  comment: '评论',
  post: '发帖',
  vote: '投票',
  signin: '签到',
  invite: '邀请好友',
} as const
export type TaskAction = keyof typeof TASK_ACTIONS

/** Actions the server cannot see, which the app reports (POST /api/open/task/report). */
export const REPORTED_ACTIONS = ['read', 'share'] as const

/** 周期: again each day (Asia/Shanghai), or once ever. */
export const TASK_PERIODS = { daily: '每日任务', once: '一次性任务' } as const

/** 获得方式 of a medal or an avatar frame. */
export const AWARD_RULES = {
  manual: '手动发放',
  points: '累计积分达到',
  signinStreak: '连续签到达到',
  tasks: '完成任务数达到',
  invites: '邀请人数达到',
} as const
export type AwardRule = keyof typeof AWARD_RULES

export const AWARD_KINDS = { medal: '勋章', avatarFrame: '头像框' } as const
export type AwardKind = keyof typeof AWARD_KINDS

/** How a user came to hold an award (user_award.source). */
export const AWARD_SOURCES = { rule: '规则获得', grant: '运营发放' } as const

export const TASK_POINTS_MAX = 100_000
export const AWARD_THRESHOLD_MAX = 10_000_000
export const GRANT_USERS_MAX = 100
export const GRANT_REASON_MAX = 200

export const taskMessages = {
  signedToday: '今天已签到',
  signinClosed: '签到未开启',
  signedIn: '签到成功',
  signinOnlyOne: '只能有一个签到任务',
  signinShape: '签到任务须为每日任务，需完成次数为 1',
  thresholdNeeded: '获得方式不是手动发放时，请填写大于 0 的门槛',
  reported: '已记录',
  frameNotHeld: '未获得该头像框',
  worn: '已佩戴头像框',
  unworn: '已取下头像框',
  awardOff: (name: string) => `「${name}」已禁用，不能发放`,
  usersNotFound: '发放用户不存在或不是 App 用户',
  granted: (n: number, had: number) => (had ? `已发放 ${n} 人，${had} 人已拥有` : `已发放 ${n} 人`),
  userNotFound: '用户不存在',
  awardNotFound: '勋章或头像框不存在',
  signinSaved: '签到设置已保存',
  clockMoved: (days: number) => `测试时钟已调整为 ${days >= 0 ? '+' : ''}${days} 天`,
} as const

// ---- app-facing calls -------------------------------------------------------------------------------------------

/** POST /api/open/task/report: an action the server cannot see (read, share), optionally naming what was read. */
export const openTaskReportBodySchema = z.strictObject({
  action: z.enum(REPORTED_ACTIONS),
  refId: idSchema.optional(),
})

/** A task completed by a call, with the points it paid. */
export const completedTaskSchema = z.object({
  taskId: z.number().int(),
  name: z.string(),
  points: z.number().int(),
})
export const openTaskReportSchema = z.object({ completed: z.array(completedTaskSchema) })

/** A shown task with my progress in its current period (today for a daily task). */
export const openTaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  link: z.string(),
  action: z.string(),
  period: z.string(),
  target: z.number().int(),
  points: z.number().int(),
  count: z.number().int(),
  completed: z.boolean(),
})
export const openTasksSchema = z.object({ today: z.string(), items: z.array(openTaskSchema) })

export const awardBriefSchema = z.object({ id: z.number().int(), name: z.string(), image: z.string() })

/** POST /api/open/signin: what the day's sign-in made. */
export const openSigninResultSchema = z.object({
  day: z.string(),
  streak: z.number().int(),
  points: z.number().int(),
  bonus: z.number().int(),
  awards: z.array(awardBriefSchema),
  balance: z.number().int(),
})

export const signinRuleBriefSchema = z.object({
  days: z.number().int(),
  points: z.number().int(),
  award: awardBriefSchema.nullable(),
})

/** GET /api/open/signin?month=YYYY-MM: the month's calendar, the streak, today's state and the streak rules. */
export const openSigninQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM')
    .optional(),
})
export const openSigninStateSchema = z.object({
  open: z.boolean(),
  today: z.string(),
  signedToday: z.boolean(),
  streak: z.number().int(),
  points: z.number().int(),
  month: z.string(),
  days: z.array(z.string()),
  rules: z.array(signinRuleBriefSchema),
})

export const openAwardSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  rule: z.string(),
  threshold: z.number().int(),
  held: z.boolean(),
  earnedAt: z.string().nullable(),
  /** Where the user stands on the rule (points earned, current streak, tasks completed, friends invited). */
  progress: z.number().int(),
})
export const openAwardsSchema = z.object({
  wornFrameId: z.number().int().nullable(),
  medals: z.array(openAwardSchema),
  frames: z.array(openAwardSchema),
})

/** POST /api/open/avatarFrame/wear: a frame I hold, or null to take it off. */
export const openWearBodySchema = z.strictObject({ awardId: idSchema.nullable() })
export const openWearSchema = z.object({ wornFrameId: z.number().int().nullable() })

// ---- console calls ----------------------------------------------------------------------------------------------

/** 签到设置: the sign-in task (the task whose action is signin), if any. */
export const signinSettingSchema = z.object({
  task: z
    .object({ id: z.number().int(), name: z.string(), points: z.number().int(), showState: z.boolean() })
    .nullable(),
})
/** POST /api/task/signinSetting: the daily sign-in's points and whether sign-in is on (makes the task if missing). */
export const signinSettingBodySchema = z.strictObject({
  points: z.number().int().min(0).max(TASK_POINTS_MAX),
  showState: z.boolean(),
})

const pageSizeSchema = z.coerce.number().int().min(1).max(100).default(10)

/** A page of one row's history (a medal's holders, a user's points). */
export const pagedIdQuerySchema = z.object({
  id: idQuerySchema,
  page: pageNumberSchema,
  pageSize: pageSizeSchema,
})

export const awardHolderSchema = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  phone: z.string(),
  source: z.string(),
  reason: z.string(),
  grantedByName: z.string().nullable(),
  createdAt: z.string(),
})

/** A user's medals and frames (/userDetail). */
export const userAwardSchema = z.object({
  awardId: z.number().int(),
  kind: z.string(),
  name: z.string(),
  image: z.string(),
  source: z.string(),
  reason: z.string(),
  grantedByName: z.string().nullable(),
  createdAt: z.string(),
})
export const userAwardsSchema = z.object({
  wornFrameId: z.number().int().nullable(),
  points: z.number().int(),
  items: z.array(userAwardSchema),
})
export const userAwardsQuerySchema = z.object({ id: idQuerySchema })

export const pointLogItemSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance: z.number().int(),
  source: z.string(),
  sourceName: z.string(),
  remark: z.string(),
  createdAt: z.string(),
})

/** POST /api/test/clock (test-mode servers only): move the app's day by `days` (added to the offset). */
export const testClockBodySchema = z.strictObject({ days: z.number().int().min(-3650).max(3650) })
export const testClockSchema = z.object({ offsetDays: z.number(), now: z.string(), today: z.string() })

export type OpenTask = z.infer<typeof openTaskSchema>
export type OpenSigninState = z.infer<typeof openSigninStateSchema>
export type OpenAwards = z.infer<typeof openAwardsSchema>
export type SigninSetting = z.infer<typeof signinSettingSchema>
export type AwardHolder = z.infer<typeof awardHolderSchema>
export type UserAwards = z.infer<typeof userAwardsSchema>
export type PointLogItem = z.infer<typeof pointLogItemSchema>
