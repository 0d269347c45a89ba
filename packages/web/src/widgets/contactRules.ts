import { personalInfoMessages as msg } from '@moc/domain/rules/personalInfo'
import { EMAIL_PATTERN, PHONE_INVALID_MSG, PHONE_PATTERN, PHONE_REQUIRED_MSG } from '@moc/domain/rules/phone'
import type { FormRule } from 'antd'

// The pattern checks the trimmed value, as the server trims before it checks.
const trimmed = (v: string) => v?.trim()

/** A required mainland mobile number. */
export const phoneRules: FormRule[] = [
  { required: true, whitespace: true, message: PHONE_REQUIRED_MSG },
  { pattern: PHONE_PATTERN, message: PHONE_INVALID_MSG, transform: trimmed },
]

/** A required email address. */
export const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: msg.email },
  { pattern: EMAIL_PATTERN, message: msg.emailInvalid, transform: trimmed },
]
