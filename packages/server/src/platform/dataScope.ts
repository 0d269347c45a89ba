import { isSuperAdmin } from '@moc/domain/permissions/can'
import { INT4_MAX } from '@moc/domain/transport/ids'
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { ADMIN_STATE, admin, department, role } from '../db/schema.ts'
import type { Principal } from './sessions.ts'

/**
 * A caller's data scope (spec §6, DESIGN §1.2): the departments whose admins' content the caller sees.
 * `departmentIds` already includes every sub-department of the role's permissionDepartment.
 */
export type DataScope =
  | { unrestricted: true; adminId: number; username: string }
  | { unrestricted: false; adminId: number; username: string; departmentIds: number[] }

/** "1, 2,3" → [1, 2, 3]; anything that is not a positive id is dropped. */
export function parseDepartmentIds(text: string): number[] {
  const ids = text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0 && n <= INT4_MAX)
  return [...new Set(ids)]
}

/**
 * The given departments and all departments below them, in one recursive query (PGlite and PostgreSQL).
 * `union` rather than `union all`, so even a corrupt cycle would end.
 */
export async function subDepartmentIds(db: Db, rootIds: readonly number[]): Promise<number[]> {
  if (!rootIds.length) return []
  const rows = await db
    .select({ id: department.id })
    .from(department)
    .where(
      sql`${department.id} in (
        with recursive tree(id) as (
          select id from ${department} where ${inArray(department.id, [...rootIds])}
          union
          select d.id from ${department} d join tree on d.parent_id = tree.id
        )
        select id from tree
      )`,
    )
  return rows.map((r) => r.id)
}

/**
 * Resolves a principal's scope: roleId 1 and roles with an empty permissionDepartment are unrestricted;
 * otherwise the named departments and their sub-departments. An account without a role sees only its own.
 */
export async function resolveDataScope(db: Db, principal: Principal): Promise<DataScope> {
  const who = { adminId: principal.adminId, username: principal.username }
  if (isSuperAdmin(principal)) return { unrestricted: true, ...who }
  if (principal.roleId === null) return { unrestricted: false, ...who, departmentIds: [] }
  // Read with the session (sessions.ts ScopeRead), when it is this role's and PostgreSQL found the same ids.
  const read = principal.scopeRead
  if (read && read.roleId === principal.roleId && read.permissionDepartment !== null) {
    if (!read.permissionDepartment.trim()) return { unrestricted: true, ...who }
    const roots = parseDepartmentIds(read.permissionDepartment)
    const same =
      read.roots && roots.length === new Set(read.roots).size && roots.every((id) => read.roots!.includes(id))
    if (same && read.departmentIds) return { unrestricted: false, ...who, departmentIds: read.departmentIds }
  }
  const [r] = await db
    .select({ permissionDepartment: role.permissionDepartment })
    .from(role)
    .where(eq(role.id, principal.roleId))
    .limit(1)
  if (r && !r.permissionDepartment.trim()) return { unrestricted: true, ...who }
  const roots = parseDepartmentIds(r?.permissionDepartment ?? '')
  return { unrestricted: false, ...who, departmentIds: await subDepartmentIds(db, roots) }
}

const perRequest = new WeakMap<FastifyRequest, Promise<DataScope>>()

/** The signed-in caller's scope, resolved once per request however many queries use it. */
export function dataScopeOf(req: FastifyRequest, db: Db): Promise<DataScope> {
  let scope = perRequest.get(req)
  if (!scope) {
    if (!req.principal) throw new Error('dataScopeOf needs a signed-in request')
    scope = resolveDataScope(db, req.principal)
    perRequest.set(req, scope)
  }
  return scope
}

/**
 * The SQL condition limiting a `created_by`-style admin-id column to the scope, or undefined when the scope
 * is unrestricted. The departments are resolved already, so the database evaluates one uncorrelated
 * subquery per statement, never a lookup per row.
 */
export function createdByInScope(scope: DataScope, createdBy: AnyPgColumn | SQL): SQL | undefined {
  if (scope.unrestricted) return undefined
  const inDepartments = scope.departmentIds.length
    ? sql`${createdBy} in (select ${admin.id} from ${admin} where ${inArray(admin.departmentId, scope.departmentIds)})`
    : sql`false`
  return or(sql`${createdBy} = ${scope.adminId}`, inDepartments)!
}

/** The accounts inside the scope: those of its departments, and the caller (undefined: all accounts). */
export function adminsInScope(scope: DataScope): SQL | undefined {
  if (scope.unrestricted) return undefined
  const inDepartments = scope.departmentIds.length
    ? inArray(admin.departmentId, scope.departmentIds)
    : sql`false`
  return or(eq(admin.id, scope.adminId), inDepartments)!
}

/** The most admins one look-up returns (spec §9: admin list up to 5000 per call). */
export const ADMIN_LOOKUP_MAX = 5000

/**
 * The creator filter (spec §3, §6): options are the names of the accounts in the caller's scope (not
 * awaiting approval, not deleted), and the default is the caller's own name, always among the options.
 */
export async function creatorOptions(
  db: Db,
  scope: DataScope,
): Promise<{ default: string; items: { label: string; value: string }[] }> {
  const rows = await db
    .select({ username: admin.username })
    .from(admin)
    .where(and(inArray(admin.state, [ADMIN_STATE.enabled, ADMIN_STATE.disabled]), adminsInScope(scope)))
    .orderBy(admin.username)
    .limit(ADMIN_LOOKUP_MAX)
  const names = [scope.username, ...rows.map((r) => r.username).filter((n) => n !== scope.username)]
  return { default: scope.username, items: names.map((n) => ({ label: n, value: n })) }
}
