import { z } from 'zod'

/** Single sign-on (spec §2 /sso/authorize): the client registry and the consent step. Shared by server and web. */

/** The scopes a client app may be granted, with the wording shown on the consent card. */
export const ssoScopes = ['openid', 'profile', 'offline_access'] as const
export type SsoScope = (typeof ssoScopes)[number]
export const ssoScopeText: Record<SsoScope, string> = {
  openid: '确认你的后台账号身份',
  profile: '读取你的用户名和角色',
  offline_access: '在你离开后保持访问（刷新令牌）',
}

export const ssoMessages = {
  redirectUri: '回调地址须为 https 地址，或用于开发的 http://localhost、http://127.0.0.1 地址，且不含 #',
  openidRequired: '授权范围必须包含 openid',
  interactionGone: '授权请求已失效，请重新发起',
  notFound: '单点登录应用不存在',
  created: '应用已创建',
  updated: '保存成功',
  enabled: '应用已启用',
  disabled: '应用已禁用',
  rotated: '密钥已重置，旧密钥已失效',
  deleted: '应用已删除',
} as const

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** An absolute https URL, or http on a loopback host for development; never a fragment or credentials. */
export function isAllowedRedirectUri(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.hash || value.includes('#') || url.username || url.password) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname)
}

export const redirectUriSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isAllowedRedirectUri, ssoMessages.redirectUri)

export const ssoClientFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, '请输入应用名称').max(50, '应用名称最多 50 个字'),
  redirectUris: z
    .array(redirectUriSchema)
    .min(1, '请至少填写一个回调地址')
    .max(10, '回调地址最多 10 个')
    .refine((list) => new Set(list).size === list.length, '回调地址不能重复'),
  scopes: z
    .array(z.enum(ssoScopes))
    .min(1)
    .refine((list) => list.includes('openid'), ssoMessages.openidRequired)
    .refine((list) => new Set(list).size === list.length, '授权范围不能重复'),
})
export type SsoClientFields = z.infer<typeof ssoClientFieldsSchema>

export const ssoClientIdSchema = z.string().trim().min(1).max(64)
export const ssoClientIdBodySchema = z.strictObject({ clientId: ssoClientIdSchema })
export const ssoClientUpdateSchema = ssoClientFieldsSchema.extend({ clientId: ssoClientIdSchema })
export const ssoClientStateSchema = z.strictObject({ clientId: ssoClientIdSchema, enabled: z.boolean() })

/** One registered client app as the registry lists it (never its secret). */
export const ssoClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  enabled: z.boolean(),
  secretRotatedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type SsoClient = z.infer<typeof ssoClientSchema>

/** Create and rotate answer the plaintext secret this once; the server keeps it encrypted. */
export const ssoClientWithSecretSchema = z.object({ client: ssoClientSchema, clientSecret: z.string() })
export type SsoClientWithSecret = z.infer<typeof ssoClientWithSecretSchema>

/** What the consent card shows for a pending authorization request. */
export const ssoInteractionSchema = z.object({
  uid: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  scopes: z.array(z.string()),
  redirectUri: z.string(),
})
export type SsoInteraction = z.infer<typeof ssoInteractionSchema>

export const ssoRedirectSchema = z.object({ redirectTo: z.string() })
