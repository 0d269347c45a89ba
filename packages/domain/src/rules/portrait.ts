import { z } from 'zod'
import { idSchema } from '../transport/ids.ts'

/**
 * A portrait's rules (用户画像, decision 0040): the app users matching every rule given — any of the user tags, a
 * level range, any of the regions, active within N days, registered within N days. A rule left empty does not
 * narrow; no rule at all means every user. Only app users in the 正常 state count (not operator accounts, not
 * locked or cancelled ones). The server turns them into one SQL condition (modules/community/portraitWhere.ts).
 */
export interface PortraitRules {
  tags: number[]
  levelMin: number | null
  levelMax: number | null
  regions: string
  activeDays: number | null
  registeredDays: number | null
}

export const PORTRAIT_DAYS_MAX = 3650
export const PORTRAIT_REGIONS_MAX = 500
export const PORTRAIT_TAGS_MAX = 20
export const portraitMessages = {
  levelRange: '最低等级不能高于最高等级',
} as const

/** The regions of a rule: split at commas (either width), 、 and spaces, empty parts dropped, each once. */
export const regionList = (regions: string): string[] => [
  ...new Set(
    regions
      .split(/[,，、\s]+/)
      .map((r) => r.trim())
      .filter(Boolean),
  ),
]

/** The level range reads the right way round (either end may be open). */
export const levelRangeValid = (r: Pick<PortraitRules, 'levelMin' | 'levelMax'>) =>
  r.levelMin === null || r.levelMax === null || r.levelMin <= r.levelMax

const count = (label: string, max: number) =>
  z
    .number(`${label}填写有误`)
    .int(`${label}填写有误`)
    .min(1, `${label}填写有误`)
    .max(max, `${label}填写有误`)
    .nullable()

/** POST /api/portrait/preview: the rules as the form holds them, unsaved. */
export const portraitRulesSchema = z
  .object({
    tags: z.array(idSchema, '用户标签填写有误').max(PORTRAIT_TAGS_MAX, '用户标签填写有误').default([]),
    levelMin: count('最低等级', 100).default(null),
    levelMax: count('最高等级', 100).default(null),
    regions: z.string('地区填写有误').trim().max(PORTRAIT_REGIONS_MAX, '地区填写有误').default(''),
    activeDays: count('活跃天数', PORTRAIT_DAYS_MAX).default(null),
    registeredDays: count('注册天数', PORTRAIT_DAYS_MAX).default(null),
  })
  .refine(levelRangeValid, { message: portraitMessages.levelRange, path: ['levelMax'] })

export const portraitPreviewSchema = z.object({ total: z.number().int() })
