import { ACCOUNT_STATE, type AccountDetail, type AccountItem } from '@moc/domain/api/accounts'
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { admin, department, position, role } from '../../db/schema.ts'
import { subDepartmentIds } from '../../platform/dataScope.ts'
import { containsPattern, pageOf } from '../../platform/paging.ts'

export interface AccountFilters {
  keyword?: string | undefined
  phone?: string | undefined
  departmentId?: number | undefined
  roleId?: number | undefined
  state?: number | undefined
}

const itemColumns = {
  id: admin.id,
  username: admin.username,
  realName: admin.realName,
  email: admin.email,
  phone: admin.phone,
  roleId: admin.roleId,
  roleName: role.name,
  departmentId: admin.departmentId,
  departmentName: department.name,
  positionId: admin.positionId,
  positionName: position.name,
  isDirector: admin.isDirector,
  state: admin.state,
  requireSms: admin.requireSms,
  xiumiOpenId: admin.xiumiOpenId,
  createdAt: admin.createdAt,
}

const withNames = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() })

/** Accounts that exist for the console: every state but deleted. */
export const notDeleted = ne(admin.state, ACCOUNT_STATE.deleted)

/** The account list (GET /api/admin/list, /api/system/accounts); a department filter takes its sub-departments too. */
export async function listAccounts(
  db: Db,
  filters: AccountFilters,
  page: number,
  pageSize: number,
): Promise<{ items: AccountItem[]; total: number }> {
  const where: SQL[] = [notDeleted]
  const { keyword, phone, departmentId, roleId, state } = filters
  if (state !== undefined) where.push(eq(admin.state, state))
  if (keyword)
    where.push(
      or(ilike(admin.username, containsPattern(keyword)), ilike(admin.realName, containsPattern(keyword)))!,
    )
  if (phone) where.push(ilike(admin.phone, containsPattern(phone)))
  if (roleId !== undefined) where.push(eq(admin.roleId, roleId))
  if (departmentId !== undefined) {
    const ids = await subDepartmentIds(db, [departmentId])
    where.push(ids.length ? inArray(admin.departmentId, ids) : eq(admin.id, -1))
  }
  const condition = and(...where)
  const result = await pageOf(
    page,
    pageSize,
    (limit, offset) =>
      db
        .select(itemColumns)
        .from(admin)
        .leftJoin(role, eq(role.id, admin.roleId))
        .leftJoin(department, eq(department.id, admin.departmentId))
        .leftJoin(position, eq(position.id, admin.positionId))
        .where(condition)
        .orderBy(desc(admin.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(admin).where(condition),
  )
  return { total: result.total, items: result.items.map(withNames) }
}

/** One account as the editor and the personal-info dialog read it; undefined when missing or deleted. */
export async function accountDetail(db: Db, id: number): Promise<AccountDetail | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(admin)
    .leftJoin(role, eq(role.id, admin.roleId))
    .leftJoin(department, eq(department.id, admin.departmentId))
    .leftJoin(position, eq(position.id, admin.positionId))
    .where(and(eq(admin.id, id), notDeleted))
    .limit(1)
  return row ? { ...withNames(row), name: row.username } : undefined
}
