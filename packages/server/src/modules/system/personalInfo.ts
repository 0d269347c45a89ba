import { accountChangeFields } from '@moc/domain/api/accounts'
import { adminUpdateSchema, personalInfoMessages } from '@moc/domain/rules/personalInfo'
import { idSchema } from '@moc/domain/transport/ids'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { admin } from '../../db/schema.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { hashPassword } from '../../platform/passwords.ts'
import type { Principal } from '../../platform/sessions.ts'
import { findAdminById } from '../auth/accounts.ts'

/** Fields only an account editor may send; the personal-info dialog never does. */
const editorOnly = [
  'roleId',
  'departmentId',
  'positionId',
  'isDirector',
  'requireSms',
  'xiumiOpenId',
] as const

/**
 * POST /api/admin/update (spec §3 "Admin update"). With `verifyCode` it is the personal-info dialog
 * (own account, SMS code, spec §5 messages); without, an account editor's change (系统-账号 编辑),
 * the same as /api/system/account/modify with `adminId` for `id`.
 */
export const adminUpdateBodySchema = z
  .strictObject({
    adminId: idSchema,
    verifyCode: z.string().trim().max(10).optional(),
    lastChangeTime: z.number().int().optional(),
    loginMode: z.boolean().optional(),
    ...accountChangeFields,
  })
  .superRefine((v, ctx) => {
    if (v.verifyCode === undefined) return
    const { adminId, realName, email, phone, newPassword, verifyCode, lastChangeTime, loginMode } = v
    const personal = adminUpdateSchema.safeParse({
      adminId,
      realName,
      email,
      phone,
      newPassword,
      verifyCode,
      lastChangeTime,
      loginMode,
    })
    for (const issue of personal.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  })
export type AdminUpdateBody = z.infer<typeof adminUpdateBodySchema>

export const isPersonalUpdate = (body: AdminUpdateBody) => body.verifyCode !== undefined

/** The personal-info dialog's save: own account only, confirmed by an SMS code sent to the phone. */
export async function updateOwnAccount(ctx: Ctx, p: Principal, body: AdminUpdateBody): Promise<void> {
  const { db } = ctx.database
  if (body.adminId !== p.adminId) throw new AppError('FORBIDDEN')
  const sent = editorOnly.filter((k) => body[k] !== undefined)
  if (sent.length) throw new AppError('FORBIDDEN', `个人信息中不能修改${sent.join('、')}，请在账号管理中修改`)
  const row = await findAdminById(db, p.adminId)
  if (!row) throw new AppError('NOT_FOUND')
  const phone = body.loginMode ? row.phone : body.phone || row.phone
  if (!phone) throw new AppError('VALIDATION', personalInfoMessages.phone)
  await ctx.verifyCodes.check(phone, 'update', body.verifyCode ?? '')
  await db.transaction(async (tx) => {
    const changes: Partial<typeof admin.$inferInsert> = { updatedAt: new Date() }
    if (!body.loginMode) Object.assign(changes, { realName: body.realName, email: body.email, phone })
    if (body.newPassword) {
      changes.passwordHash = await hashPassword(body.newPassword)
      changes.passwordChangedAt = new Date()
    }
    await tx.update(admin).set(changes).where(eq(admin.id, row.id))
    if (body.newPassword) await ctx.sessions.revokeAll(row.id, 'password', p.tokenHash, tx)
  })
}
