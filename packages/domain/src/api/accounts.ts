import { z } from 'zod'
import { isStrongPassword, PASSWORD_RULE_MSG } from '../rules/password.ts'
import { EMAIL_PATTERN, PHONE_INVALID_MSG, PHONE_PATTERN } from '../rules/phone.ts'
import { idQuerySchema, idSchema } from '../transport/ids.ts'
import { USERNAME_PATTERN, USERNAME_RULE_MSG } from './session.ts'

/**
 * Account administration (spec §2 /account, /accountDetail; §7 System): shapes and rules shared by the
 * server's routes and the web's forms, so both check the same thing with the same Chinese words.
 */

/**
 * Account states as stored in `admin.state`: 0 awaiting approval, 1 enabled, 2 disabled, and 3 deleted.
 * Deleting keeps the row (逻辑删除) so operation logs and content keep naming their author.
 */
export const ACCOUNT_STATE = { pending: 0, enabled: 1, disabled: 2, deleted: 3 } as const

export const accountFormMessages = {
  username: '请输入用户名',
  usernameTaken: '用户名已存在',
  usernameTakenByDeleted: '用户名已被已删除的账号占用，请换一个',
  password: PASSWORD_RULE_MSG,
  passwordRequired: '请输入初始密码',
  realName: '请输入姓名',
  emailInvalid: '请输入正确的邮箱号',
  phoneInvalid: PHONE_INVALID_MSG,
  xiumiOpenIdInvalid: '秀米账号ID只能包含字母、数字、下划线和连字符，最多64位',
  smsNeedsPhone: '开启短信验证登录需先填写手机号',
  directorNeedsDepartment: '设为部门负责人需先选择部门',
  created: '新增成功',
  modified: '修改成功',
  removed: '删除成功',
  passwordReset: '密码已重置，该账号需使用新密码重新登录',
  directorOn: '已设为部门负责人',
  directorOff: '已取消部门负责人',
} as const

const optionalPattern = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || pattern.test(v), message)

const id = idSchema

/** 秀米 open id (the editor's 秀米 dialog is bound to it, spec §3 logged-in user); empty unbinds. */
export const XIUMI_OPEN_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** Fields an account editor (系统-账号 编辑) may change; every one optional: only those sent change. */
export const accountChangeFields = {
  realName: z.string().trim().min(1, accountFormMessages.realName).max(50).optional(),
  email: optionalPattern(EMAIL_PATTERN, accountFormMessages.emailInvalid).optional(),
  phone: optionalPattern(PHONE_PATTERN, accountFormMessages.phoneInvalid).optional(),
  xiumiOpenId: optionalPattern(XIUMI_OPEN_ID_PATTERN, accountFormMessages.xiumiOpenIdInvalid).optional(),
  roleId: id.nullable().optional(),
  departmentId: id.nullable().optional(),
  positionId: id.nullable().optional(),
  isDirector: z.boolean().optional(),
  requireSms: z.boolean().optional(),
  /** Sets a new password for another account (重置密码); sessions of that account end. */
  newPassword: z.string().max(128).refine(isStrongPassword, PASSWORD_RULE_MSG).optional(),
}

/** POST /api/system/account/modify. */
export const accountModifySchema = z.strictObject({ id, ...accountChangeFields })
export type AccountChanges = Omit<z.infer<typeof accountModifySchema>, 'id'>

/** POST /api/admin/create and /api/system/account/add. */
export const accountCreateSchema = z
  .strictObject({
    username: z
      .string()
      .trim()
      .min(1, accountFormMessages.username)
      .regex(USERNAME_PATTERN, USERNAME_RULE_MSG),
    password: z
      .string()
      .min(1, accountFormMessages.passwordRequired)
      .max(128)
      .refine(isStrongPassword, PASSWORD_RULE_MSG),
    realName: z.string().trim().min(1, accountFormMessages.realName).max(50),
    email: optionalPattern(EMAIL_PATTERN, accountFormMessages.emailInvalid).default(''),
    phone: optionalPattern(PHONE_PATTERN, accountFormMessages.phoneInvalid).default(''),
    xiumiOpenId: optionalPattern(XIUMI_OPEN_ID_PATTERN, accountFormMessages.xiumiOpenIdInvalid).default(''),
    roleId: id.nullable().default(null),
    departmentId: id.nullable().default(null),
    positionId: id.nullable().default(null),
    isDirector: z.boolean().default(false),
    requireSms: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.requireSms && !v.phone)
      ctx.addIssue({ code: 'custom', path: ['requireSms'], message: accountFormMessages.smsNeedsPhone })
    if (v.isDirector && !v.departmentId)
      ctx.addIssue({
        code: 'custom',
        path: ['isDirector'],
        message: accountFormMessages.directorNeedsDepartment,
      })
  })
export type AccountCreate = z.infer<typeof accountCreateSchema>

/** One row of the account list. */
export const accountItemSchema = z.object({
  id: z.number(),
  username: z.string(),
  realName: z.string(),
  email: z.string(),
  phone: z.string(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  positionId: z.number().nullable(),
  positionName: z.string().nullable(),
  isDirector: z.boolean(),
  state: z.number(),
  requireSms: z.boolean(),
  xiumiOpenId: z.string().nullable(),
  createdAt: z.string(),
})
export type AccountItem = z.infer<typeof accountItemSchema>

/** Admin detail (spec §3: name is the account, plus realName, email, phone, id) and the editor's fields. */
export const accountDetailSchema = accountItemSchema.extend({ name: z.string() })
export type AccountDetail = z.infer<typeof accountDetailSchema>

/** Account list filters: name (username or real name), phone, department with its sub-departments, role, state. */
export const accountListFilters = {
  keyword: z.string().trim().max(50).optional(),
  phone: z.string().trim().max(20).optional(),
  departmentId: idQuerySchema.optional(),
  roleId: idQuerySchema.optional(),
  state: z.coerce.number().int().min(0).max(2).optional(),
}

/** Creator-filter option (spec §3): label and value are the admin's name. */
export const creatorOptionSchema = z.object({ label: z.string(), value: z.string() })
export type CreatorOption = z.infer<typeof creatorOptionSchema>
