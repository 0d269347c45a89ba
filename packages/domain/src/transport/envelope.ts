import { z } from 'zod'
import { pageNumberSchema } from './ids.ts'

/** Every API response: `{ code, msg, data }`; code 0 is success (spec §7). */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data })

/** List payloads: `data.items`, `data.total`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().nonnegative() })

export const pageQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(5000).default(30),
})

export const ok = <T>(data: T, msg = '成功'): Envelope<T> => ({ code: 0, msg, data })
