import { z } from 'zod'
import { idSchema, pageNumberSchema } from '../transport/ids.ts'
import { CONTENT_PAGE_SIZE, CONTENT_PAGE_SIZE_MAX } from './content.ts'
import { PROCESS_NAME_MAX, queueItemSchema } from './review.ts'

/**
 * The process library's calls beyond decision 0007 (docs/decisions/0008-process-library.md): copy, node
 * order, and the cross-type list of items waiting for the caller.
 */

const COPY_SUFFIX = '-副本'

/**
 * The name of a copy: "<name>-副本", the original shortened so the whole stays within the name limit
 * (counted as zod counts, in UTF-16 units) without splitting a character.
 */
export function copyName(name: string): string {
  let kept = ''
  for (const ch of name) {
    if (kept.length + ch.length > PROCESS_NAME_MAX - COPY_SUFFIX.length) break
    kept += ch
  }
  return `${kept}${COPY_SUFFIX}`
}

/** POST /api/process/copy answers the new process. */
export const processCopiedSchema = z.object({ id: z.number().int(), name: z.string() })

/** POST /api/process/state/sort: every node of the process, in the new order. */
export const stateSortSchema = z.object({
  processId: idSchema,
  ids: z.array(idSchema).min(1).max(500),
})

/** GET /api/process/resource/list: pending items at nodes the caller may act at, across review types. */
export const resourceListQuerySchema = z.object({
  /** One review type only (default: every queue the caller may review). */
  resType: z.string().min(1).max(40).optional(),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(CONTENT_PAGE_SIZE),
})

/** A queue row plus its review type and queue screen. */
export const resourceListItemSchema = queueItemSchema.extend({
  resType: z.string(),
  /** The review queue's screen path, e.g. /articleAudit. */
  queue: z.string(),
})
