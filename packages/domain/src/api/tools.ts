import { z } from 'zod'

/**
 * External tools of spec §2 Content: /webcut (the clip tool, a new window) and /yunjian (the external editing
 * address, signed in through the console's single sign-on). Their addresses are the `tools` system setting
 * (super admins, 系统管理 › 运营配置 › 外部工具); any signed-in user opens them (spec §6: no permission).
 */
export const externalTools = { webcut: '在线剪辑', yunjian: '云剪辑' } as const
export type ExternalTool = keyof typeof externalTools

const WHERE = '系统管理 › 运营配置 › 外部工具'
export const toolMessages = {
  urlInvalid: '地址须以 http:// 或 https:// 开头，且不含用户名和密码',
  notConfigured: (tool: ExternalTool) =>
    `${externalTools[tool]}地址未配置，请联系超级管理员在 ${WHERE} 中填写`,
  ssoClientUnknown: '所选单点登录应用不存在或已禁用',
  ssoClientWithoutUrl: '选择单点登录应用前请先填写云剪辑地址',
  ssoOriginMismatch: '云剪辑地址须与所选单点登录应用的某个回调地址同源',
  ssoClientOff: `云剪辑的单点登录应用不存在或已禁用，请联系超级管理员在 ${WHERE} 中重新选择`,
  opening: (tool: ExternalTool) => `正在打开${externalTools[tool]}…`,
} as const

/** An absolute http(s) address without credentials (javascript:, data:, relative paths refused). */
export function isToolUrl(value: string): boolean {
  try {
    const u = new URL(value)
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password
  } catch {
    return false
  }
}

const toolUrlSchema = z
  .string()
  .trim()
  .max(2000, toolMessages.urlInvalid)
  .refine((v) => v === '' || isToolUrl(v), toolMessages.urlInvalid)

/** The `tools` system setting; '' = not configured. */
export const toolSettingsSchema = z.strictObject({
  webcutUrl: toolUrlSchema,
  yunjianUrl: toolUrlSchema,
  /** The SSO client (单点登录应用) the editing tool signs in with; '' = open the address as it is. */
  yunjianSsoClientId: z.string().trim().max(64),
})
export type ToolSettings = z.infer<typeof toolSettingsSchema>
export const defaultToolSettings: ToolSettings = { webcutUrl: '', yunjianUrl: '', yunjianSsoClientId: '' }

export const toolLaunchQuerySchema = z.object({ tool: z.enum(Object.keys(externalTools) as [ExternalTool]) })
/** GET /api/tools/launch: the address to open, null when the tool is not configured. */
export const toolLaunchSchema = z.object({ url: z.string().nullable() })
