import { z } from 'zod'

/** What the activities' definition, the console's routes and the app-facing API share (decision 0045). */

export const ACTIVITY_TITLE_MAX = 50

export const ACTIVITY_KINDS = { essay: '征文活动', normal: '普通活动', pay: '付费活动' } as const
export type ActivityKind = keyof typeof ACTIVITY_KINDS

/** An enrolment form field's kinds (activity_form_field.kind). */
export const ACTIVITY_FORM_KINDS = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  phone: '手机号',
  select: '下拉选择',
  image: '图片',
} as const
export type ActivityFormKind = keyof typeof ACTIVITY_FORM_KINDS

/** An activity's stage (活动状态), never stored: read from its review state, windows and cancellation. */
export const ACTIVITY_STAGES = {
  draft: '草稿',
  pending: '待审核',
  published: '已发布',
  ongoing: '进行中',
  ended: '已结束',
  cancelled: '已取消',
} as const
export type ActivityStage = keyof typeof ACTIVITY_STAGES

/** Stages an activity may be cancelled at (取消): published to app users and not over. */
export const CANCELLABLE_STAGES: readonly ActivityStage[] = ['published', 'ongoing']

export const ENROLL_STATES = {
  enrolled: '已报名',
  qualified: '合格',
  disqualified: '不合格',
  awarded: '已获奖',
} as const
export const ARTICLE_STATES = {
  pending: '待评审',
  qualified: '合格',
  disqualified: '不合格',
  awarded: '已获奖',
} as const
export const PAY_STATES = { none: '无需支付', unpaid: '待支付', paid: '已支付', refunded: '已退款' } as const

/** The prize tiers an award names (颁奖). */
export const PRIZE_TIERS = ['一等奖', '二等奖', '三等奖', '优秀奖'] as const

export interface StageInput {
  verifyState: number
  startAt: Date | string | null
  endAt: Date | string | null
  cancelledAt: Date | string | null
}

const time = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : null)

/**
 * The stage: 已取消 once cancelled; 草稿 (draft or rejected), 待审核; once approved 已发布 until the activity
 * starts, 进行中 within its window, 已结束 after it.
 */
export function activityStage(a: StageInput, now: Date = new Date()): ActivityStage {
  if (a.cancelledAt) return 'cancelled'
  if (a.verifyState === 3) return 'pending'
  if (a.verifyState !== 1) return 'draft'
  const t = now.getTime()
  const end = time(a.endAt)
  if (end !== null && t >= end) return 'ended'
  const start = time(a.startAt)
  return start === null || t >= start ? 'ongoing' : 'published'
}

export const activityRuleMessages = {
  startRequired: '请选择活动开始时间',
  endRequired: '请选择活动结束时间',
  endBeforeStart: '活动结束时间须晚于活动开始时间',
  enrollEndBeforeStart: '报名截止时间须晚于报名开始时间',
  enrollAfterEnd: '报名时间须在活动结束之前',
  feeRequired: '付费活动的报名费须大于 0',
  feeNotPay: '只有付费活动可以设置报名费',
  selectOptions: (label: string) => `报名表单「${label}」为下拉选择，请填写选项`,
} as const

export interface ActivityWindowInput {
  kind: string
  fee: number | null
  startAt: Date | string | null
  endAt: Date | string | null
  enrollStart: Date | string | null
  enrollEnd: Date | string | null
}

/**
 * The rules across an activity's fields (the server checks them on every save): the activity has both times (their
 * columns may be empty, so the form cannot require them) and ends after it starts;
 * the enrolment window ends after it starts and lies inside or before the activity window (it closes by the
 * activity's end); a paid activity has a fee, other kinds none. Answers the first broken rule's message.
 */
export function activityRuleError(a: ActivityWindowInput): string | null {
  const start = time(a.startAt)
  const end = time(a.endAt)
  const enrollStart = time(a.enrollStart)
  const enrollEnd = time(a.enrollEnd)
  if (start === null) return activityRuleMessages.startRequired
  if (end === null) return activityRuleMessages.endRequired
  if (end <= start) return activityRuleMessages.endBeforeStart
  if (enrollStart !== null && enrollEnd !== null && enrollEnd <= enrollStart)
    return activityRuleMessages.enrollEndBeforeStart
  if (
    end !== null &&
    ((enrollEnd !== null && enrollEnd > end) || (enrollStart !== null && enrollStart >= end))
  )
    return activityRuleMessages.enrollAfterEnd
  const fee = a.fee ?? 0
  if (a.kind === 'pay' && fee <= 0) return activityRuleMessages.feeRequired
  if (a.kind !== 'pay' && fee !== 0) return activityRuleMessages.feeNotPay
  return null
}

/** The choices of a select form field: its options, one per line. */
export const formOptions = (options: string | null | undefined) =>
  (options ?? '')
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean)

export interface EnrollFormField {
  id: number
  label: string
  kind: string
  required: boolean
  options: string
}

export const ENROLL_ANSWER_MAX = 500
const PHONE = /^1\d{10}$/

/**
 * The zod schema of an enrolment's answers (`answers`: the form field's id → its value), built from the activity's
 * form: required fields present, each value of its kind (a phone 11 digits starting with 1, a number a number, a
 * select one of its options, an image a link). The app-facing API and the console's form preview use it alike.
 */
export function enrollAnswersSchema(fields: readonly EnrollFormField[]) {
  const shape: Record<string, z.ZodType> = {}
  for (const f of fields) {
    const invalid = `${f.label}填写有误`
    const empty = `请填写${f.label}`
    let s: z.ZodType
    switch (f.kind) {
      case 'number':
        s = z.preprocess(
          (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
          z.number(invalid).finite(invalid),
        )
        break
      case 'phone':
        s = z.string(invalid).trim().regex(PHONE, `${f.label}须为 11 位手机号`)
        break
      case 'select': {
        const choices = formOptions(f.options)
        s = z.string(invalid).refine((v) => choices.includes(v), `${f.label}须为给出的选项之一`)
        break
      }
      case 'image':
        s = z
          .string(invalid)
          .trim()
          .max(1000, invalid)
          .regex(/^(https?:\/\/|\/(?!\/))/i, invalid)
        break
      default:
        s = z
          .string(invalid)
          .trim()
          .min(1, empty)
          .max(ENROLL_ANSWER_MAX, `${f.label}不能超过${ENROLL_ANSWER_MAX}个字`)
    }
    shape[String(f.id)] = z.preprocess((v) => (blank(v) ? undefined : v), s.optional())
  }
  const required = fields.filter((f) => f.required)
  return z.strictObject(shape, { error: '报名表单中有未知的项目' }).superRefine((v, ctx) => {
    for (const f of required)
      if ((v as Record<string, unknown>)[String(f.id)] === undefined)
        ctx.addIssue({ code: 'custom', message: `请填写${f.label}`, path: [String(f.id)] })
  })
}

const blank = (v: unknown) => v === undefined || v === null || v === ''
