import { isStrongPassword, PASSWORD_RULE_MSG } from '@moc/domain/rules/password'
import { personalInfoMessages } from '@moc/domain/rules/personalInfo'
import type { FormRule } from 'antd'

/** An optional password: empty passes, anything typed must meet the server's rule (spec §5). */
export const passwordRules: FormRule[] = [
  {
    validator: (_, value: string | undefined) =>
      !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE_MSG)),
  },
]

/**
 * The confirmation of the password in `field`: required once a password is typed (or always when
 * `required`), and equal to it. Pair with `dependencies={[field]}` so it re-checks as the password changes.
 */
export const confirmRules = (field: string, required = false): FormRule[] => [
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => {
      const password = getFieldValue(field) as string | undefined
      if (!value)
        return password || required
          ? Promise.reject(new Error(personalInfoMessages.confirm))
          : Promise.resolve()
      return value === password ? Promise.resolve() : Promise.reject(new Error(personalInfoMessages.mismatch))
    },
  }),
]
