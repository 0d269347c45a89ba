import { z } from 'zod'
import { CONTENT_KINDS } from '../resources/kinds.ts'

/**
 * Content counts (spec §3, §5): each real count (viewNum, likeNum, ...) may carry an operated count set by
 * operations staff; lists show their sum. Both the web form and the server validate operated counts here.
 */

/** Operated counts and the spec §5 message each gives when it is not a non-negative integer. */
export const operateCountMessages = {
  operateViewNum: '运营阅读数填写有误',
  operateLikeNum: '运营点赞数填写有误',
  operateOnlineNum: '运营在线人数填写有误',
  operateFollowNum: '运营关注数填写有误',
} as const

export type OperateCountField = keyof typeof operateCountMessages

export const isOperateCountField = (name: string): name is OperateCountField => name in operateCountMessages

/** Spec §5: empty is accepted; anything else must be a non-negative integer (digits only when typed). */
export function isValidOperateCount(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0
  if (typeof value === 'string') return /^\d+$/.test(value.trim()) && Number.isSafeInteger(Number(value))
  return false
}

/** The stored value of a valid operated count: null when empty. */
export function parseOperateCount(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null
  return Number(typeof value === 'string' ? value.trim() : value)
}

/**
 * The server's schema for one operated count: empty → null, else a non-negative integer, refused with the
 * spec §5 message (`operateCountMessages`, or the field definition's `invalid`).
 */
export const operateCountSchema = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .refine(isValidOperateCount, { message })
    .transform(parseOperateCount)

/** Spec §3: view counts apply only to these content kinds; others show '--'. */
export const VIEW_COUNT_KINDS: readonly string[] = CONTENT_KINDS

export const NO_COUNT = '--'

/**
 * The text of a count cell: '--' when the count does not apply, the operated total when an operated count
 * exists, else the real count.
 */
export function countCellText(
  applies: boolean,
  real: number | null | undefined,
  operated: number | null | undefined,
) {
  if (!applies) return NO_COUNT
  const base = real ?? 0
  return String(operated === null || operated === undefined ? base : base + operated)
}
