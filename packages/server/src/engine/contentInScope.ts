import { type AnyColumn, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { content } from '../db/schema.ts'
import type { DataScope } from '../platform/dataScope.ts'

/** A value written into a statement: a literal, or a prepared statement's placeholder filled at each execution. */
export type Value<T> = T | Placeholder

/** The restricted scope's values (DataScope), as literals or as placeholders of a prepared statement. */
export interface ScopeValues {
  adminId: Value<number>
  departmentIds: Value<readonly number[]>
}

/**
 * `column = any($n)`: an id list as ONE array parameter, so the statement's text does not depend on how many
 * ids there are (prepared statements can be reused) and an empty list is simply false.
 */
export const anyOf = (column: AnyColumn | SQL, ids: Value<readonly (number | string)[]>): SQL =>
  sql`${column} = any(${Array.isArray(ids) ? sql.param(ids) : ids})`

/** A restricted scope as placeholders `me` and `deps`, for prepared statements. */
export const scopeSlots: ScopeValues = {
  adminId: sql.placeholder('me'),
  departmentIds: sql.placeholder('deps'),
}

/** The values of scopeSlots for a caller's scope. */
export const scopeSlotValues = (scope: DataScope) => ({
  me: scope.adminId,
  deps: scope.unrestricted ? [] : scope.departmentIds,
})

/** The restricted scope condition of content rows (see contentInScope). */
export const contentInScopeOf = (v: ScopeValues): SQL =>
  or(sql`${content.createdBy} = ${v.adminId}`, anyOf(content.departmentId, v.departmentIds))!

/**
 * The data-scope condition of content rows (spec §6): an item is in the caller's scope when its department
 * (the creator's department when it was created, denormalised) is in the scope, or the caller created it.
 * Undefined when unrestricted. The same rule as the counters (contentCounters.countedTotal), so totals match.
 */
export function contentInScope(scope: DataScope): SQL | undefined {
  return scope.unrestricted ? undefined : contentInScopeOf(scope)
}
