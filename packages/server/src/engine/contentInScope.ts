import { eq, inArray, or, type SQL } from 'drizzle-orm'
import { content } from '../db/schema.ts'
import type { DataScope } from '../platform/dataScope.ts'

/**
 * The data-scope condition of content rows (spec §6): an item is in the caller's scope when its department
 * (the creator's department when it was created, denormalised) is in the scope, or the caller created it.
 * Undefined when unrestricted. The same rule as the counters (contentCounters.countedTotal), so totals match.
 */
export function contentInScope(scope: DataScope): SQL | undefined {
  if (scope.unrestricted) return undefined
  const mine = eq(content.createdBy, scope.adminId)
  return scope.departmentIds.length ? or(mine, inArray(content.departmentId, scope.departmentIds)) : mine
}
