import {
  ACCOUNT_STATE,
  type AccountChanges,
  type AccountCreate,
  accountFormMessages as msg,
} from '@moc/domain/api/accounts'
import { SUPER_ADMIN_ROLE_ID, SUPER_ADMIN_USERNAME } from '@moc/domain/constants'
import { isSuperAdmin } from '@moc/domain/permissions/can'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { admin, department, position, role } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { hashPassword } from '../../platform/passwords.ts'
import type { Principal } from '../../platform/sessions.ts'
import { type AdminRow, findAdminByUsername } from '../auth/accounts.ts'
import { notDeleted } from './accountQueries.ts'

/**
 * The account commands behind both spec §7 path sets (/api/admin/* and /api/system/account/*): every
 * rule about who may do what to which account lives here once.
 */

const refusals = {
  superAdminTarget: '只有超级管理员可以修改超级管理员账号',
  grantSuperAdmin: '只有超级管理员可以授予超级管理员角色',
  ownRole: '不能修改自己的角色',
  builtinRole: '不能修改内置超级管理员账号 admin 的角色',
  ownPassword: '修改自己的密码请在“个人信息”中操作',
  ownState: '不能修改自己的账号状态',
  builtinState: '不能禁用内置超级管理员账号 admin',
  ownRemove: '不能删除自己的账号',
  builtinRemove: '不能删除内置超级管理员账号 admin',
  roleMissing: '所选角色不存在',
  departmentMissing: '所选部门不存在',
  positionMissing: '所选职位不存在',
} as const

async function loadAccount(db: Db, id: number): Promise<AdminRow> {
  const [row] = await db
    .select()
    .from(admin)
    .where(and(eq(admin.id, id), notDeleted))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', '账号不存在')
  return row
}

/** Super administrator accounts are changed only by super administrators. */
function mayTouch(p: Principal, row: AdminRow) {
  if (isSuperAdmin(row) && !isSuperAdmin(p)) throw new AppError('FORBIDDEN', refusals.superAdminTarget)
}

async function exists(db: Db, table: typeof role | typeof department | typeof position, id: number) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1)
  return row !== undefined
}

/** The role, department and position an account is given must exist; role 1 only from a super admin. */
async function checkReferences(
  db: Db,
  p: Principal,
  v: { roleId?: number | null; departmentId?: number | null; positionId?: number | null },
) {
  if (v.roleId === SUPER_ADMIN_ROLE_ID && !isSuperAdmin(p))
    throw new AppError('FORBIDDEN', refusals.grantSuperAdmin)
  if (v.roleId && !(await exists(db, role, v.roleId))) throw new AppError('VALIDATION', refusals.roleMissing)
  if (v.departmentId && !(await exists(db, department, v.departmentId)))
    throw new AppError('VALIDATION', refusals.departmentMissing)
  if (v.positionId && !(await exists(db, position, v.positionId)))
    throw new AppError('VALIDATION', refusals.positionMissing)
}

export async function createAccount(ctx: Ctx, p: Principal, v: AccountCreate): Promise<number> {
  const { db } = ctx.database
  await checkReferences(db, p, v)
  const taken = await findAdminByUsername(db, v.username)
  if (taken)
    throw new AppError(
      'CONFLICT',
      taken.state === ACCOUNT_STATE.deleted ? msg.usernameTakenByDeleted : msg.usernameTaken,
    )
  const [created] = await db
    .insert(admin)
    .values({
      username: v.username,
      passwordHash: await hashPassword(v.password),
      realName: v.realName,
      email: v.email.toLowerCase(),
      phone: v.phone,
      xiumiOpenId: v.xiumiOpenId || null,
      roleId: v.roleId,
      departmentId: v.departmentId,
      positionId: v.positionId,
      isDirector: v.isDirector && v.departmentId !== null,
      requireSms: v.requireSms,
      state: ACCOUNT_STATE.enabled,
    })
    .onConflictDoNothing()
    .returning({ id: admin.id })
  if (!created) throw new AppError('CONFLICT', msg.usernameTaken)
  return created.id
}

/**
 * Changes the fields sent (系统-账号 编辑). A new password here is a reset by an administrator: the
 * account's sessions end. Nobody changes their own role or resets their own password this way.
 */
export async function modifyAccount(
  ctx: Ctx,
  p: Principal,
  id: number,
  changes: AccountChanges,
): Promise<{ passwordReset: boolean }> {
  const { db } = ctx.database
  const row = await loadAccount(db, id)
  mayTouch(p, row)
  const self = id === p.adminId
  if (changes.roleId !== undefined && changes.roleId !== row.roleId) {
    if (self) throw new AppError('FORBIDDEN', refusals.ownRole)
    if (row.username === SUPER_ADMIN_USERNAME) throw new AppError('FORBIDDEN', refusals.builtinRole)
    await checkReferences(db, p, { roleId: changes.roleId })
  }
  if (changes.newPassword && self) throw new AppError('FORBIDDEN', refusals.ownPassword)
  await checkReferences(db, p, { departmentId: changes.departmentId, positionId: changes.positionId })

  const phone = changes.phone ?? row.phone
  const requireSms = changes.requireSms ?? row.requireSms
  if (requireSms && !phone) throw new AppError('VALIDATION', msg.smsNeedsPhone)
  const departmentId = changes.departmentId === undefined ? row.departmentId : changes.departmentId
  if (changes.isDirector && !departmentId) throw new AppError('VALIDATION', msg.directorNeedsDepartment)
  // A new department starts without its head role unless the same change says otherwise.
  const isDirector =
    departmentId === null
      ? false
      : (changes.isDirector ?? (departmentId === row.departmentId ? row.isDirector : false))

  const set: Partial<typeof admin.$inferInsert> = { updatedAt: new Date(), phone, requireSms, isDirector }
  if (changes.realName !== undefined) set.realName = changes.realName
  if (changes.email !== undefined) set.email = changes.email.toLowerCase()
  if (changes.xiumiOpenId !== undefined) set.xiumiOpenId = changes.xiumiOpenId || null
  if (changes.roleId !== undefined) set.roleId = changes.roleId
  if (changes.departmentId !== undefined) set.departmentId = changes.departmentId
  if (changes.positionId !== undefined) set.positionId = changes.positionId
  if (changes.newPassword) {
    Object.assign(set, {
      passwordHash: await hashPassword(changes.newPassword),
      passwordChangedAt: new Date(),
      failedLogins: 0,
      lockedUntil: null,
    })
  }
  await db.transaction(async (tx) => {
    await tx.update(admin).set(set).where(eq(admin.id, id))
    if (changes.newPassword) await ctx.sessions.revokeAll(id, 'password', undefined, tx)
  })
  return { passwordReset: Boolean(changes.newPassword) }
}

/** Approve (0 → 1), enable or disable (启用/禁用); disabling ends the account's sessions at once. */
export async function setAccountState(ctx: Ctx, p: Principal, id: number, state: 1 | 2): Promise<void> {
  const { db } = ctx.database
  if (id === p.adminId) throw new AppError('FORBIDDEN', refusals.ownState)
  const row = await loadAccount(db, id)
  mayTouch(p, row)
  if (row.username === SUPER_ADMIN_USERNAME) throw new AppError('FORBIDDEN', refusals.builtinState)
  await db.transaction(async (tx) => {
    await tx.update(admin).set({ state, updatedAt: new Date() }).where(eq(admin.id, id))
    if (state === ACCOUNT_STATE.disabled) await ctx.sessions.revokeAll(id, 'disabled', undefined, tx)
  })
}

/**
 * Deletes an account: the row stays as state 3 so logs and content keep their author, but it loses its
 * role, head-of-department mark and sessions, leaves every list and can no longer sign in.
 */
export async function removeAccount(ctx: Ctx, p: Principal, id: number): Promise<void> {
  const { db } = ctx.database
  if (id === p.adminId) throw new AppError('FORBIDDEN', refusals.ownRemove)
  const row = await loadAccount(db, id)
  mayTouch(p, row)
  if (row.username === SUPER_ADMIN_USERNAME) throw new AppError('FORBIDDEN', refusals.builtinRemove)
  await db.transaction(async (tx) => {
    await tx
      .update(admin)
      .set({
        state: ACCOUNT_STATE.deleted,
        roleId: null,
        isDirector: false,
        requireSms: false,
        updatedAt: new Date(),
      })
      .where(eq(admin.id, id))
    await ctx.sessions.revokeAll(id, 'deleted', undefined, tx)
  })
}
