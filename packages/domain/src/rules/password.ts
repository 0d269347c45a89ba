import { PASSWORD_MIN_LENGTH } from '../constants.ts'

export const PASSWORD_RULE_MSG = '最低8位，至少1大写字母、1小写字母、1数字、1英文符号'

/** ASCII punctuation, the only symbols a password may use (spec §5 general password check). */
const PUNCT = /[!-/:-@[-`{-~]/

/** The general password check: min/max length, only letters, digits and ASCII punctuation, all four classes. */
export function isStrongPassword(value: string, min = PASSWORD_MIN_LENGTH, max?: number): boolean {
  if (value.length < min || (max !== undefined && value.length > max)) return false
  if (!/^[A-Za-z0-9!-/:-@[-`{-~]+$/.test(value)) return false
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value) && PUNCT.test(value)
}
