import { contentLockSchema, contentMessages, contentUnlockSchema } from '@moc/domain/api/content'
import { recordIdQuerySchema, recordMessages } from '@moc/domain/api/records'
import { isSuperAdmin } from '@moc/domain/permissions/can'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { releaseEditLock, takeEditLock } from '../editLock.ts'
import type { RecordKit } from './recordKit.ts'
import { col, recordInScope, titleField } from './recordTable.ts'

/** A lockable record type's edit lock (decision 0006): taken and renewed while its form is open, released on leaving. */
export function recordLockRoutes(k: RecordKit) {
  const { app, db, rt, name, label, tags, base, t, id, access } = k
  const lock = {
    table: t,
    lockedBy: col(rt, 'lockedBy'),
    lockedAt: col(rt, 'lockedAt'),
    recycledAt: rt.traits.recyclable ? col(rt, 'recycledAt') : undefined,
    title: col(rt, titleField(rt)),
  }
  const messages = {
    ...recordMessages,
    notFound: recordMessages.notFound(label),
    notLockHolder: contentMessages.notLockHolder,
  }
  const inScope = async (req: FastifyRequest, rowId: number) =>
    and(eq(id, rowId), recordInScope(rt, await dataScopeOf(req, db)))
  app.get(
    `${base}/lock`,
    {
      config: { access: access('lock') },
      schema: {
        tags,
        summary: `${label}编辑锁：取得或续期；他人持有时返回持有人（超级管理员可 force 抢占）`,
        querystring: z.object({ id: recordIdQuerySchema.shape.id, force: z.stringbool().optional() }),
        response: { 200: envelopeSchema(contentLockSchema) },
      },
    },
    async (req) => {
      const force = !!req.query.force && isSuperAdmin(req.principal!)
      return ok(
        await takeEditLock(db, lock, await inScope(req, req.query.id), req.principal!, force, messages),
      )
    },
  )
  app.post(
    `${base}/unlock`,
    {
      config: { access: access('lock'), audit: `解除${label}编辑锁` },
      schema: {
        tags,
        summary: `解除${label}编辑锁：释放自己持有的锁；force 强制解锁他人持有的锁（仅超级管理员）`,
        body: contentUnlockSchema,
        response: { 200: envelopeSchema(z.object({ released: z.boolean() })) },
      },
    },
    async (req) => {
      const { id: rowId, force } = req.body
      req.auditInfo.target = `${name}:${rowId}`
      if (force && !isSuperAdmin(req.principal!))
        throw new AppError('FORBIDDEN', contentMessages.notLockHolder)
      const released = await releaseEditLock(
        db,
        lock,
        await inScope(req, rowId),
        req.principal!.adminId,
        !!force,
        messages,
        (title) => {
          req.auditInfo.targetName = title
        },
      )
      return ok({ released })
    },
  )
}
