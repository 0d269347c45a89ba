import { z } from 'zod'
import { idListQuerySchema, idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'
import { CONTENT_PAGE_SIZE, CONTENT_PAGE_SIZE_MAX, contentIdsSchema } from './content.ts'
import { REJECT_REASON_MAX, reviewMessages } from './review.ts'

/**
 * The record store's calls (DESIGN §4, decision 0037): every definition with a table of its own is served at
 * /api/<name>/list|nums|detail|add|modify|delete|restore|showState|sort|export|import, in the content engine's shapes,
 * so the web engine draws both.
 */

export const recordMessages = {
  notFound: (label: string) => `${label}不存在`,
  unknownType: '未知的列表类型',
  recycled: '回收站中的记录不能编辑，请先恢复',
  notRecycled: '记录不在回收站中',
  noRecycleRight: '没有回收站权限，不能彻底删除',
  noRecycleView: '没有回收站权限，不能查看回收站',
  displayWindow: '展示结束时间不能早于开始时间',
  sortIds: '排序须包含当前列表的记录',
  importEmpty: '导入文件中没有数据',
  importFailed: (n: number) => `导入失败：${n} 行有误，未导入任何数据`,
  /** importMode 'rows': what went in and how many rows did not. */
  importedRows: (added: number, failed: number) =>
    failed ? `导入 ${added} 条，${failed} 行有误未导入` : `导入成功，共 ${added} 条`,
  importTooMany: (max: number) => `一次最多导入${max}行`,
  illegalTransition: (label: string, names: string) => `${names} 当前状态不能${label}`,
  noHandler: (label: string) => `${label}暂不可用`,
} as const

/** Import: at most this many rows a file (spec §9 has no number; the sensitive words' import uses the same). */
export const RECORD_IMPORT_MAX = 10_000

/**
 * GET (query) and POST (body) /api/<name>/list: paging, the tab, the creator, created-at range, exact ids; search
 * fields by name.
 */
export const recordListQuerySchema = z.object({
  type: z.string().max(40).optional(),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
  createdBy: z.string().trim().max(50).optional(),
  verifyState: z.coerce.number().int().min(0).max(9).optional(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
  /** Exactly these rows (a picker naming the ids it holds): an array in a body, comma-separated in a query. */
  ids: z
    .union([z.array(idSchema).max(CONTENT_PAGE_SIZE_MAX), idListQuerySchema(CONTENT_PAGE_SIZE_MAX)])
    .optional(),
})
/** A ref picker's page (GET /api/<name>/picks): the title searched by `keyword`, or exactly the rows of `ids`. */
export const recordPicksQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
  keyword: z.string().trim().max(100).optional(),
  ids: idListQuerySchema(CONTENT_PAGE_SIZE_MAX).optional(),
})
/** A picker's row: the id and the name the form shows. */
export const recordPickSchema = z.object({ id: z.number().int(), title: z.string() })

/** A search field's value in a list query (the definition's fields with `search`). */
export const recordSearchValueSchema = z.string().trim().max(100)

export const recordNumsQuerySchema = z.object({ createdBy: z.string().trim().max(50).optional() })
export const recordIdQuerySchema = z.object({ id: idQuerySchema })
export const recordIdsBodySchema = z.object({ ids: contentIdsSchema })
export const recordShowBodySchema = z.object({ ids: contentIdsSchema, showState: z.boolean() })
/** 排序: the ids of the rows in their new order (the first gets the smallest sort). */
export const recordSortBodySchema = z.object({ ids: z.array(idSchema).min(1).max(CONTENT_PAGE_SIZE_MAX) })

/** A list row: the engine's values and the definition's list columns by field name. */
export const recordItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.number().int().nullable(),
    creatorName: z.string(),
    /** The names of the rows its `ref` fields point at, by field (a post's author's nickname). */
    refs: z.record(z.string(), z.string()).optional(),
    /** A one-id ref whose row is another definition's of the same table (an operator account as an author). */
    refTo: z.record(z.string(), z.string()).optional(),
  })
  .catchall(z.unknown())

/** The detail: the row plus every field of its definition (children as arrays of rows), by field name. */
export const recordDetailSchema = recordItemSchema.extend({
  fields: z.record(z.string(), z.unknown()),
  relations: z.record(z.string(), z.array(z.unknown())),
  lockedBy: z.number().int().nullable(),
  lockedAt: z.string().nullable(),
})

/** An import's answer: rows written, or (422) the rows refused with their messages. */
export const recordImportRowErrorSchema = z.object({ row: z.number().int(), messages: z.array(z.string()) })
export type RecordImportRowError = z.infer<typeof recordImportRowErrorSchema>
/** An import's answer: the rows written, and (importMode 'rows') the rows refused. */
export const recordImportResultSchema = z.object({
  added: z.number().int(),
  failed: z.array(recordImportRowErrorSchema).optional(),
})
export type RecordImportResult = z.infer<typeof recordImportResultSchema>

/**
 * POST /api/verify-center/<segment> of a reviewed record type: a decision in one call, as the comment queue's (spec §7
 * "approve and reject variants": splash, version) — approve, or reject with a reason (decision 0038).
 */
export const recordDecisionSchema = z.discriminatedUnion('pass', [
  z.object({ pass: z.literal(true), ids: contentIdsSchema }),
  z.object({
    pass: z.literal(false),
    ids: contentIdsSchema,
    reason: z.string().trim().min(1, reviewMessages.reasonRequired).max(REJECT_REASON_MAX),
  }),
])
