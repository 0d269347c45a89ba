import { z } from 'zod'
import { pageQuerySchema } from '../transport/envelope.ts'
import { idSchema } from '../transport/ids.ts'

/**
 * 敏感词管理 (spec §2 /words, /wordsDetail; paths not in spec §7, chosen in docs/decisions/0010): shapes shared by
 * the server's routes and the web's screens. Bodies are strict: unknown fields are refused.
 */

export const WORD_MAX = 50
export const WORD_CATEGORY_MAX = 20
/** Rows read from one imported sheet; a bigger list is imported in several files. */
export const WORD_IMPORT_MAX_ROWS = 10_000
/** The imported .xlsx, before base64 (the JSON body carries it; the import route allows a larger body). */
export const WORD_IMPORT_MAX_BYTES = 5 * 1024 * 1024

/** How a word acts when found (most severe first): block refuses submission, replace and review warn. */
export const sensitiveLevels = ['block', 'replace', 'review'] as const
export type SensitiveLevel = (typeof sensitiveLevels)[number]
export const sensitiveLevelLabels: Record<SensitiveLevel, string> = {
  block: '禁用',
  replace: '替换',
  review: '审核',
}
export const sensitiveLevelHelp: Record<SensitiveLevel, string> = {
  block: '含该词的内容不能提交审核',
  replace: '提交前提示编辑将该词替换',
  review: '提交前提示，并在审核时提示审核人员重点核对',
}

/** Column headers of the export and of the import template, in order (the import reads them by name). */
export const wordSheetColumns = { word: '敏感词', category: '分类', level: '级别' } as const

export const wordMessages = {
  wordRequired: '请输入敏感词',
  wordTooLong: `敏感词不能超过${WORD_MAX}个字符`,
  categoryTooLong: `分类不能超过${WORD_CATEGORY_MAX}个字符`,
  levelRequired: '请选择级别',
  wordTaken: '该敏感词已存在',
  notFound: '敏感词不存在',
  idsRequired: '请选择敏感词',
  created: '添加成功',
  modified: '修改成功',
  removed: '删除成功',
  imported: '导入完成',
  fileRequired: '请选择要导入的文件',
  notExcel: '只支持上传excel文件',
  fileTooLarge: `文件不能超过${WORD_IMPORT_MAX_BYTES / 1024 / 1024}MB`,
  badSheet: `文件中没有「${wordSheetColumns.word}」列，请使用导出的文件作为模板`,
  tooManyRows: `单次最多导入${WORD_IMPORT_MAX_ROWS}条`,
  rowLevel: `级别只能是${Object.values(sensitiveLevelLabels).join('、')}`,
  rowDuplicate: '文件中重复',
  rowExists: '已存在',
  /** Spec §2 sensitive review: a block-level word stops submission, naming the words. */
  blocked: (words: readonly string[]) => `内容包含禁用词：${words.join('、')}`,
} as const

const wordText = z
  .string()
  .trim()
  .min(1, wordMessages.wordRequired)
  .max(WORD_MAX, wordMessages.wordTooLong)
  .regex(/^[^\r\n\t]+$/, wordMessages.wordRequired)

export const wordFieldsSchema = z.strictObject({
  word: wordText,
  category: z.string().trim().max(WORD_CATEGORY_MAX, wordMessages.categoryTooLong).default(''),
  level: z.enum(sensitiveLevels, wordMessages.levelRequired),
})
export type WordFields = z.input<typeof wordFieldsSchema>

export const wordIdSchema = idSchema
export const wordModifyBodySchema = wordFieldsSchema.extend({ id: wordIdSchema })
export const wordIdsBodySchema = z.strictObject({
  ids: z.array(wordIdSchema).min(1, wordMessages.idsRequired).max(1000),
})

/** Filters of the list and of the export. */
export const wordFilterShape = {
  keyword: z.string().trim().max(WORD_MAX).optional(),
  category: z.string().trim().max(WORD_CATEGORY_MAX).optional(),
  level: z.enum(sensitiveLevels).optional(),
}
export const wordListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
  ...wordFilterShape,
})
export const wordExportBodySchema = z.strictObject(wordFilterShape)

export const wordItemSchema = z.object({
  id: z.number(),
  word: z.string(),
  category: z.string(),
  level: z.enum(sensitiveLevels),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type WordItem = z.infer<typeof wordItemSchema>

export const wordImportBodySchema = z.strictObject({
  fileName: z
    .string()
    .trim()
    .max(200)
    .regex(/\.xlsx$/i, wordMessages.notExcel),
  /** The .xlsx file, base64. */
  file: z
    .string()
    .min(1, wordMessages.fileRequired)
    .max(Math.ceil(WORD_IMPORT_MAX_BYTES / 3) * 4, wordMessages.fileTooLarge),
})

export const wordImportResultSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  failed: z.array(z.object({ row: z.number().int(), word: z.string(), reason: z.string() })),
})
export type WordImportResult = z.infer<typeof wordImportResultSchema>

/** What to scan: plain text, rich text (scanned as its visible text) and image addresses. */
export const sensitiveCheckBodySchema = z.strictObject({
  text: z.string().max(600_000).default(''),
  html: z.string().max(600_000).default(''),
  images: z.array(z.string().max(1000)).max(200).default([]),
})
export type SensitiveCheckInput = z.input<typeof sensitiveCheckBodySchema>

export const sensitiveHitSchema = z.object({
  word: z.string(),
  level: z.enum(sensitiveLevels),
  category: z.string(),
  /** Which input the hit is in; positions are UTF-16 indexes into `text`, or into the visible text of `html`. */
  source: z.enum(['text', 'html']),
  start: z.number().int(),
  end: z.number().int(),
})
export type SensitiveHit = z.infer<typeof sensitiveHitSchema>

export const flaggedWordSchema = z.object({
  word: z.string(),
  level: z.enum(sensitiveLevels),
  category: z.string(),
  count: z.number().int(),
})
export type FlaggedWord = z.infer<typeof flaggedWordSchema>

export const imageCheckSchema = z.object({
  checked: z.number().int(),
  flagged: z.array(z.object({ url: z.string(), reason: z.string() })),
  /** What the checker says about itself, e.g. that no image review service is configured. */
  note: z.string(),
})
export type ImageCheck = z.infer<typeof imageCheckSchema>

export const sensitiveCheckResultSchema = z.object({
  hits: z.array(sensitiveHitSchema),
  /** Each word found once, most severe level first, then by first position. */
  words: z.array(flaggedWordSchema),
  /** The block-level words found: non-empty means the content may not be submitted. */
  blocked: z.array(z.string()),
  images: imageCheckSchema,
})
export type SensitiveCheckResult = z.infer<typeof sensitiveCheckResultSchema>

/** The stored items of a content type, scanned before a batch submission (content list 批量提交审核). */
export const contentCheckResultSchema = z.object({
  items: z.array(sensitiveCheckResultSchema.extend({ id: z.number(), title: z.string() })),
})
export type ContentCheckResult = z.infer<typeof contentCheckResultSchema>
