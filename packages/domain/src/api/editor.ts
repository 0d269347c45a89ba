import { z } from 'zod'
import { idSchema } from '../transport/ids.ts'

/**
 * The rich-text editor's services (issue 6): its settings (系统设置 › 编辑器设置), the configuration every signed-in
 * user's editor reads, templates (模板, per account) and the map card. Messages fill spec gaps (decision 0020).
 */
export const editorMessages = {
  originInvalid: '来源须为 https:// 开头的站点地址（本机调试可用 http://localhost），不含路径',
  urlInvalid: '地址须以 https:// 开头（本机调试可用 http://localhost）',
  mapTemplateInvalid: '静态地图地址须以 https:// 开头，并包含 {lng} 和 {lat} 占位符',
  originsRequired: '请至少填写一个消息来源',
  templateNameRequired: '请输入模板名称',
  templateNameTooLong: '模板名称不能超过50个字',
  templateEmpty: '模板内容不能为空',
  templateTooLong: '模板内容过长',
  templateMissing: '模板不存在',
  templateLimit: '每个账号最多保存100个模板',
  mapNameRequired: '请输入地点名称',
  mapAddressRequired: '请输入详细地址',
  mapImageFailed: '地图图片获取失败，已插入不含图片的位置卡片',
  xiumiOff: '秀米编辑器未配置，请联系超级管理员在 系统管理 › 运营配置 › 编辑器设置 中填写',
  editor135Off: '135编辑器未配置，请联系超级管理员在 系统管理 › 运营配置 › 编辑器设置 中填写',
  xiumiNoOpenId: '当前账号未绑定秀米账号（xiumiOpenId），请联系管理员绑定后使用',
  mapOff: '地图功能未开启，请联系超级管理员在 系统管理 › 运营配置 › 编辑器设置 中开启',
} as const

export const TEMPLATE_NAME_MAX = 50
export const TEMPLATE_HTML_MAX = 100_000
export const TEMPLATES_PER_ACCOUNT = 100

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/

/** Whether a URL is https, or http on this machine (a local test page of a third-party editor). */
export function isSecureOrLocalUrl(value: string): boolean {
  try {
    const u = new URL(value)
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.test(u.hostname))
  } catch {
    return false
  }
}

/** An origin (scheme, host, port; nothing else) that is https or http on localhost, written as browsers do. */
export function isAllowedOrigin(value: string): boolean {
  try {
    return isSecureOrLocalUrl(value) && new URL(value).origin === value
  } catch {
    return false
  }
}

const originSchema = z.string().trim().refine(isAllowedOrigin, editorMessages.originInvalid)
const originsSchema = z.array(originSchema).max(20)
const pageUrlSchema = z.string().trim().max(2000).refine(isSecureOrLocalUrl, editorMessages.urlInvalid)

/** A third-party layout editor (秀米, 135编辑器): the page the console opens and the origins it takes HTML from. */
export const layoutEditorSettingsSchema = z.strictObject({
  url: pageUrlSchema,
  origins: originsSchema.min(1, editorMessages.originsRequired),
})
export type LayoutEditorSettings = z.infer<typeof layoutEditorSettingsSchema>

/** A static-map image address with {lng} and {lat} placeholders (e.g. a provider's staticmap API with its key). */
export const mapImageTemplateSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => v === '' || (isSecureOrLocalUrl(v) && v.includes('{lng}') && v.includes('{lat}')),
    editorMessages.mapTemplateInvalid,
  )

/** The `editor` system setting (super admins edit it on 运营配置 › 编辑器设置). */
export const editorSettingsSchema = z.strictObject({
  /** Spec §5: local/embedded images pasted into the editor are removed when off. */
  allowLocalImages: z.boolean(),
  /** Origins whose iframes (video players, maps) survive the clean-up. */
  embedOrigins: originsSchema,
  mapEnabled: z.boolean(),
  /** '' = text-only location cards. */
  mapImageUrl: mapImageTemplateSchema,
  xiumi: layoutEditorSettingsSchema.nullable(),
  editor135: layoutEditorSettingsSchema.nullable(),
})
export type EditorSettings = z.infer<typeof editorSettingsSchema>

export const defaultEditorSettings: EditorSettings = {
  allowLocalImages: true,
  embedOrigins: [],
  mapEnabled: true,
  mapImageUrl: '',
  xiumi: null,
  editor135: null,
}

/** GET /api/editor/config: what every signed-in user's editor needs (no provider keys). */
export const editorConfigSchema = z.object({
  allowLocalImages: z.boolean(),
  map: z.object({ enabled: z.boolean(), staticImage: z.boolean() }),
  xiumi: layoutEditorSettingsSchema.nullable(),
  editor135: layoutEditorSettingsSchema.nullable(),
  embedOrigins: z.array(z.string()),
  /**
   * Bases of our own storage: images from elsewhere are re-hosted through the dump call. Local storage: the path
   * `/files` its URLs are (decision 0033) and the absolute PUBLIC_URL/files older rows carry; S3: the public URL.
   */
  ownMediaOrigins: z.array(z.string()),
})
export type EditorConfig = z.infer<typeof editorConfigSchema>

const templateName = z
  .string()
  .trim()
  .min(1, editorMessages.templateNameRequired)
  .max(TEMPLATE_NAME_MAX, editorMessages.templateNameTooLong)
const templateHtml = z
  .string()
  .min(1, editorMessages.templateEmpty)
  .max(TEMPLATE_HTML_MAX, editorMessages.templateTooLong)
const templateId = idSchema

export const editorTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  html: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type EditorTemplate = z.infer<typeof editorTemplateSchema>

export const editorTemplateAddSchema = z.strictObject({ name: templateName, html: templateHtml })
/** Rename, replace the content, or both. */
export const editorTemplateModifySchema = z.strictObject({
  id: templateId,
  name: templateName.optional(),
  html: templateHtml.optional(),
})
export const editorTemplateDeleteSchema = z.strictObject({ id: templateId })

/** POST /api/editor/map: a location card. */
export const editorMapSchema = z.strictObject({
  name: z.string().trim().min(1, editorMessages.mapNameRequired).max(100),
  address: z.string().trim().min(1, editorMessages.mapAddressRequired).max(200),
  lng: z.number().min(-180).max(180).optional(),
  lat: z.number().min(-90).max(90).optional(),
})
export type EditorMapInput = z.infer<typeof editorMapSchema>
export const editorMapResultSchema = z.object({ html: z.string(), image: z.string().nullable() })
