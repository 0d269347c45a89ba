import { z } from 'zod'

/**
 * The largest PostgreSQL `integer`: the range of every table's id. A larger number names no row, and must be
 * refused by the schema, not by SQL (where it fails as an internal error).
 */
export const INT4_MAX = 2_147_483_647

/** A row's id in a JSON body. */
export const idSchema = z.number().int().positive().max(INT4_MAX)
/** A row's id in a query string or a path (text, coerced). */
export const idQuerySchema = z.coerce.number().int().positive().max(INT4_MAX)
/** An id where 0 means none or the root (a folder's parent, "no category"). */
export const idOrZeroSchema = z.number().int().nonnegative().max(INT4_MAX)
export const idOrZeroQuerySchema = z.coerce.number().int().nonnegative().max(INT4_MAX)
/** A list's page number: offsets stay within PostgreSQL's bigint at any page size. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(INT4_MAX).default(1)

/** Ids as a query string's comma-separated list ("3,5,8"), at most `max` of them, parsed to numbers. */
export const idListQuerySchema = (max: number) =>
  z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .max(max * 11)
    .transform((text) => text.split(',').map(Number))
    .pipe(z.array(idSchema).max(max))
