import { reviewMessages } from '@moc/domain/api/review'
import { envelopeSchema } from '@moc/domain/transport/envelope'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { ADMIN_STATE, admin, process, role } from '../db/schema.ts'
import { AppError } from '../platform/errors.ts'

/** What the process-library routes (processRoutes, processStateRoutes) share. */

export const PROCESS_PAGE = '系统-审核流程'
export const processTags = ['审核流程']
export const idResponse = { 200: envelopeSchema(z.object({ id: z.number().int() })) }

/** The operation log's target: `<kind>:<id>` and, when known, its name as it is at the change (decision 0034). */
export const auditTarget = (req: FastifyRequest, kind: string, id: number, name?: string) => {
  req.auditInfo.target = `${kind}:${id}`
  if (name !== undefined) req.auditInfo.targetName = name
}

/** Locks a process row for the transaction; 404 with the library's message when it does not exist. */
export async function lockProcess(tx: Db, id: number) {
  const [p] = await tx.select().from(process).where(eq(process.id, id)).for('update')
  if (!p) throw new AppError('NOT_FOUND', reviewMessages.unknownProcess)
  return p
}

/**
 * The roles and accounts a node names, de-duplicated, after checking that every one exists (a deleted
 * account does not): 400 with the Chinese message otherwise, so a node never names nobody by mistake.
 */
export async function checkedMembers(db: Db, roleIds: readonly number[], adminIds: readonly number[]) {
  const roles = [...new Set(roleIds)]
  const admins = [...new Set(adminIds)]
  const [foundRoles, foundAdmins] = await Promise.all([
    roles.length ? db.select({ id: role.id }).from(role).where(inArray(role.id, roles)) : [],
    admins.length
      ? db
          .select({ id: admin.id })
          .from(admin)
          .where(and(inArray(admin.id, admins), ne(admin.state, ADMIN_STATE.deleted)))
      : [],
  ])
  if (foundRoles.length !== roles.length) throw new AppError('BAD_REQUEST', reviewMessages.unknownRole)
  if (foundAdmins.length !== admins.length) throw new AppError('BAD_REQUEST', reviewMessages.unknownAdmin)
  return { roleIds: roles, adminIds: admins }
}

/** The names of the roles and accounts the nodes name, by id. */
export async function memberNames(db: Db, nodes: readonly { roleIds: number[]; adminIds: number[] }[]) {
  const roleIds = [...new Set(nodes.flatMap((n) => n.roleIds))]
  const adminIds = [...new Set(nodes.flatMap((n) => n.adminIds))]
  const [roles, admins] = await Promise.all([
    roleIds.length
      ? db.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, roleIds))
      : [],
    adminIds.length
      ? db.select({ id: admin.id, name: admin.username }).from(admin).where(inArray(admin.id, adminIds))
      : [],
  ])
  const pick = (ids: number[], found: { id: number; name: string }[]) =>
    ids.flatMap((id) => found.filter((f) => f.id === id))
  return (n: { roleIds: number[]; adminIds: number[] }) => ({
    roles: pick(n.roleIds, roles),
    admins: pick(n.adminIds, admins),
  })
}
