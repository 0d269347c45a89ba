import { z } from 'zod'
import { screenByPath } from '../catalogue/index.ts'
import { richTextWithin } from '../rules/htmlText.ts'
import { idSchema } from '../transport/ids.ts'

/** 运营配置 texts (spec §2 /configure types), value → Chinese label, from the screen catalogue. */
export const configureTypeLabels = screenByPath('/configure')!.types! as Readonly<Record<string, string>>
export const configureTypes = Object.keys(configureTypeLabels) as [string, ...string[]]
export const configureTypeSchema = z.enum(configureTypes)
export type ConfigureType = z.infer<typeof configureTypeSchema>

/** Longest text kept for one type, in characters a reader sees (`visibleTextLength`, decision 0035). */
export const CONFIGURE_MAX_CHARS = 200_000
/** How many recent versions GET /api/setting/get returns with the current text. */
export const CONFIGURE_RECENT_VERSIONS = 10

export const configureMessages = {
  saved: '保存成功',
  restored: '已恢复该版本',
  // Grouped by hand: toLocaleString at module load wakes ICU, 8 MB of the server's resident memory for one string.
  tooLong: `内容过长，最多 ${String(CONFIGURE_MAX_CHARS).replace(/\B(?=(\d{3})+$)/g, ',')} 个字符`,
  versionMissing: '该版本不存在',
} as const

/** One saved version, without its text: who saved it, when, its size in bytes (UTF-8). */
export const configureVersionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  createdAt: z.string(),
  size: z.number().int(),
})
export type ConfigureVersion = z.infer<typeof configureVersionSchema>

/** GET /api/setting/get?type=: the current text and the latest versions. */
export const configureDocSchema = z.object({
  type: configureTypeSchema,
  content: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  versions: z.array(configureVersionSchema),
})
export type ConfigureDoc = z.infer<typeof configureDocSchema>

/** POST /api/setting/update in its 运营配置 form. */
export const configureUpdateSchema = z.strictObject({
  type: configureTypeSchema,
  content: z.string().refine((v) => richTextWithin(v, CONFIGURE_MAX_CHARS), configureMessages.tooLong),
})

/** POST /api/setting/restore: the chosen version becomes the newest. */
export const configureRestoreSchema = z.strictObject({
  type: configureTypeSchema,
  id: idSchema,
})
