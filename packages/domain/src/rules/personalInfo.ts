import { z } from 'zod'
import { idSchema } from '../transport/ids.ts'
import { isStrongPassword, PASSWORD_RULE_MSG } from './password.ts'
import { EMAIL_PATTERN, PHONE_INVALID_MSG, PHONE_PATTERN, PHONE_REQUIRED_MSG } from './phone.ts'

/** Personal-info dialog messages (spec §5), verbatim. */
export const personalInfoMessages = {
  realName: '请输入姓名',
  email: '请输入邮箱号',
  emailInvalid: '请输入正确的邮箱号',
  password: PASSWORD_RULE_MSG,
  confirm: '请输入确认密码',
  mismatch: '密码不一致',
  verifyCode: '请输入验证码',
  phone: PHONE_REQUIRED_MSG,
  phoneInvalid: PHONE_INVALID_MSG,
  success: '修改成功',
} as const

/** Admin update payload (spec §3 "Admin update"); `loginMode` omits realName, email and phone. */
export const adminUpdateSchema = z
  .object({
    adminId: idSchema,
    realName: z.string().trim().max(50).optional(),
    email: z.string().trim().max(100).optional(),
    phone: z.string().trim().optional(),
    newPassword: z.string().max(128).optional(),
    verifyCode: z.string().trim().min(1, personalInfoMessages.verifyCode).max(10),
    lastChangeTime: z.number().int().optional(),
    loginMode: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.loginMode) {
      if (!v.realName)
        ctx.addIssue({ code: 'custom', path: ['realName'], message: personalInfoMessages.realName })
      if (!v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: personalInfoMessages.email })
      else if (!EMAIL_PATTERN.test(v.email))
        ctx.addIssue({ code: 'custom', path: ['email'], message: personalInfoMessages.emailInvalid })
      if (v.phone && !PHONE_PATTERN.test(v.phone))
        ctx.addIssue({ code: 'custom', path: ['phone'], message: personalInfoMessages.phoneInvalid })
    }
    if (v.newPassword && !isStrongPassword(v.newPassword))
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: personalInfoMessages.password })
  })
export type AdminUpdate = z.infer<typeof adminUpdateSchema>
