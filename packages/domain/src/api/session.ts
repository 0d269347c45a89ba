import { z } from 'zod'
import { isStrongPassword, PASSWORD_RULE_MSG } from '../rules/password.ts'
import { EMAIL_PATTERN, PHONE_INVALID_MSG, PHONE_PATTERN } from '../rules/phone.ts'
import { tableSettingsMapSchema } from './tableSettings.ts'

/** Session and account calls (spec §7 Session/config, demo login backend). Shapes shared by server and web. */

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(50),
  password: z.string().min(1, '请输入密码').max(128),
})

export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  xiumiOpenId: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const powerSchema = z.record(
  z.string(),
  z.array(z.object({ actionName: z.string(), exists: z.boolean() })),
)

export const signedInSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
  power: powerSchema,
  powerMenuAttrs: z.array(z.string()),
})
export type SignedIn = z.infer<typeof signedInSchema>

/** Password accepted but the account requires an SMS code (spec §7 secondaryLogin). */
export const secondFactorSchema = z.object({
  needSecondary: z.literal(true),
  ticket: z.string(),
  phone: z.string().describe('masked phone number, e.g. 138****0000'),
})
export const loginResultSchema = z.union([signedInSchema, secondFactorSchema])
export type LoginResult = z.infer<typeof loginResultSchema>

export const secondaryLoginBodySchema = z.object({
  ticket: z.string().min(1),
  verifyCode: z.string().trim().min(1, '请输入验证码').max(10),
})

/** `app`: an app user's sign-in or sign-up code (POST /api/open/user/sendCode, decision 0041). */
export const verifyPurposes = ['login', 'update', 'reset', 'app'] as const
export type VerifyPurpose = (typeof verifyPurposes)[number]

const phoneSchema = z.string().trim().regex(PHONE_PATTERN, PHONE_INVALID_MSG)

/** Send an SMS code: `login` needs the login ticket, `update` the signed-in user, `reset` username + phone. */
export const sendMsgBodySchema = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('login'), ticket: z.string().min(1) }),
  z.object({ purpose: z.literal('update'), phone: phoneSchema }),
  z.object({ purpose: z.literal('reset'), username: z.string().trim().min(1).max(50), phone: phoneSchema }),
])
export const sendMsgResultSchema = z.object({ cooldown: z.number().int() })

const strongPassword = z
  .string()
  .max(128)
  .refine((v) => isStrongPassword(v), PASSWORD_RULE_MSG)

export const forgotPasswordBodySchema = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(50),
  phone: phoneSchema,
  verifyCode: z.string().trim().min(1, '请输入验证码').max(10),
  newPassword: strongPassword,
})

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/
export const USERNAME_RULE_MSG = '用户名为3-32位字母、数字、下划线、点或短横线'

export const registerBodySchema = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN, USERNAME_RULE_MSG),
  password: strongPassword,
  realName: z.string().trim().min(1, '请输入姓名').max(50),
  email: z.string().trim().regex(EMAIL_PATTERN, '请输入正确的邮箱号'),
  phone: phoneSchema,
})

export const authenticateBodySchema = z.object({
  email: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(128),
})

/** Success messages of account calls, shown by the web client as the server words them. */
export const accountMessages = {
  enabled: '账号已启用',
  disabled: '账号已禁用',
  smsOn: '已开启短信验证登录',
  smsOff: '已关闭短信验证登录',
  passwordReset: '密码已重置，请使用新密码登录',
} as const

/** Demo login backend messages (spec §7), verbatim. */
export const demoBackendMessages = {
  badCredentials: 'These credentials do not match our records.',
  unauthorised: 'Unauthorised',
  registered: 'Registration successful',
  usernameTaken: (username: string) => `Username "${username}" is already taken`,
} as const

export const layoutTypes = ['vertical', 'horizontal'] as const
export const layoutWidths = ['fluid', 'boxed', 'scrollable'] as const
export const sidebarTypes = ['dark', 'light', 'compact', 'icon', 'colored'] as const
export const topbarTypes = ['dark', 'light', 'colored'] as const
export const menuLanguageCodes = ['zh', 'en', 'fr', 'es', 'ar'] as const

/** Layout state (spec §3), persisted per user. */
export const layoutStateSchema = z.object({
  layoutType: z.enum(layoutTypes),
  layoutWidth: z.enum(layoutWidths),
  leftSidebarType: z.enum(sidebarTypes),
  topbar: z.enum(topbarTypes),
  loader: z.boolean(),
})
export type LayoutState = z.infer<typeof layoutStateSchema>

export const defaultLayout: LayoutState = {
  layoutType: 'vertical',
  layoutWidth: 'fluid',
  leftSidebarType: 'dark',
  topbar: 'light',
  loader: false,
}

export const preferencesSchema = z.object({
  layout: layoutStateSchema,
  language: z.enum(menuLanguageCodes),
  /** 多页签: opened screens stay as tabs above the content area; absent means on (decision 0036). */
  pageTabs: z.boolean().optional(),
  /** 列设置 of each list, by its screen path (decision 0036); absent means every list at its defaults. */
  tables: tableSettingsMapSchema.optional(),
})
export type Preferences = z.infer<typeof preferencesSchema>
export const defaultPreferences: Preferences = { layout: defaultLayout, language: 'zh' }

/** Public client configuration: what the browser needs before signing in. */
export const clientConfigSchema = z.object({
  encryption: z.boolean(),
  kid: z.string(),
  publicKey: z.string(),
  environment: z.enum(['DEVELOP', 'RELEASE']),
  serverTime: z.number().int(),
})
export type ClientConfig = z.infer<typeof clientConfigSchema>
