import { contentMessages } from '@moc/domain/api/content'
import {
  recordIdQuerySchema,
  recordIdsBodySchema,
  recordItemSchema,
  recordMessages,
  recordShowBodySchema,
  recordSortBodySchema,
} from '@moc/domain/api/records'
import { can } from '@moc/domain/permissions/can'
import { fieldsSchema } from '@moc/domain/resources/fieldSchema'
import { permissionFor } from '@moc/domain/resources/types'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { holderName, lockHeldByOther } from '../editLock.ts'
import { forgetReviewHistory } from '../reviewHistory.ts'
import { keepVersion } from '../versions.ts'
import { readChildren, writeChildren } from './recordChildren.ts'
import { afterWrite, beforeDelete, type WriteKind } from './recordDerived.ts'
import type { RecordKit } from './recordKit.ts'
import { checkFieldRules } from './recordRules.ts'
import { newRowValues } from './recordTable.ts'
import { recordFieldValues, recordWrite } from './recordValues.ts'

type Row = Record<string, unknown> & { id: number }

/** A record type's writes: add, modify (children, field rules, versions), delete (recycle bin or for ever), restore, show state, sort. */
export function recordWriteRoutes(k: RecordKit) {
  const { app, db, rt, def, label, tags, base, t, id, access, may, audit, locked, itemOf, embedOrigins } = k
  const fields = fieldsSchema(def)
  // The type's write hooks, in the write's transaction (registerAfterWrite).
  const afterRows = (tx: Db, rows: readonly Row[], write: WriteKind) =>
    afterWrite(
      tx,
      def.name,
      rows.map((r) => r.id),
      write,
    )
  const idResponse = { 200: envelopeSchema(z.object({ id: z.number().int() })) }
  // Adding answers the new row as the list shows it.
  if (may('create'))
    app.post(
      `${base}/add`,
      {
        config: { access: access('create'), audit: `新增${label}` },
        schema: {
          tags,
          summary: `新增${label}（答复新记录，同列表行）`,
          body: fields,
          response: { 200: envelopeSchema(recordItemSchema) },
        },
      },
      async (req) => {
        const values = req.body as Record<string, unknown>
        const origins = await embedOrigins()
        const write = recordWrite(def, values, origins)
        const me = req.principal!.adminId
        const created = await db.transaction(async (tx) => {
          const t2 = tx as unknown as Db
          await checkFieldRules(t2, rt, values, undefined)
          const [row] = (await tx
            .insert(t)
            .values({ ...write, ...(await newRowValues(t2, rt, me)) } as never)
            .returning()) as Row[]
          await writeChildren(t2, def, row!.id, values, origins)
          await afterWrite(t2, def.name, [row!.id], { kind: 'add' })
          return row!
        })
        audit(req, [created])
        const creatorName = rt.traits.scoped ? req.principal!.username : ''
        return ok({ ...itemOf(created), createdBy: (created.createdBy as number) ?? null, creatorName })
      },
    )

  if (may('update'))
    app.post(
      `${base}/modify`,
      {
        config: { access: access('update'), audit: `编辑${label}` },
        schema: {
          tags,
          summary: `编辑${label}（保存表单全部字段）`,
          body: fields.extend({ id: recordIdQuerySchema.shape.id }),
          response: idResponse,
        },
      },
      async (req) => {
        const { id: rowId, ...values } = req.body as Record<string, unknown> & { id: number }
        const origins = await embedOrigins()
        const write = recordWrite(def, values, origins)
        const scope = await dataScopeOf(req, db)
        const me = req.principal!.adminId
        const saved = await db.transaction(async (tx) => {
          const t2 = tx as unknown as Db
          const [before] = await locked(t2, scope, [rowId])
          if (before!.recycledAt) throw new AppError('CONFLICT', recordMessages.recycled)
          if (rt.traits.lockable && lockHeldByOther(before as never, me))
            throw new AppError(
              'CONFLICT',
              contentMessages.lockedBy(await holderName(t2, before!.lockedBy as number)),
            )
          await checkFieldRules(t2, rt, values, rowId)
          const [after] = (await tx
            .update(t)
            .set({ ...write, updatedAt: new Date() } as never)
            .where(eq(id, rowId))
            .returning()) as Row[]
          await writeChildren(t2, def, rowId, values, origins)
          await afterWrite(t2, def.name, [rowId], { kind: 'modify' })
          // Every save of a submitted or published item keeps a version (decision 0009); drafts keep none.
          if (rt.traits.reviewed && after!.verifyState !== 0) {
            const children = (await readChildren(t2, def, [rowId])).get(rowId) ?? {}
            await keepVersion(
              t2,
              def,
              { resType: rt.resType, resId: rowId },
              { ...recordFieldValues(def, after!), ...children },
              me,
            )
          }
          return after!
        })
        audit(req, [saved])
        return ok({ id: rowId })
      },
    )

  // Deleting: with a recycle bin, live rows move into it and rows already there go for ever (回收站 permission).
  const bin = rt.traits.recyclable && may('recycle')
  if (may('remove'))
    app.post(
      `${base}/delete`,
      {
        config: { access: access('remove'), audit: `删除${label}` },
        schema: {
          tags,
          summary: bin
            ? `删除${label}：不在回收站的移入回收站，回收站中的彻底删除（需回收站权限）`
            : `删除${label}：彻底删除`,
          body: recordIdsBodySchema,
          response: {
            200: envelopeSchema(z.object({ recycled: z.number().int(), deleted: z.number().int() })),
          },
        },
      },
      async (req) => {
        const scope = await dataScopeOf(req, db)
        const result = await db.transaction(async (tx) => {
          const rows = await locked(tx as unknown as Db, scope, req.body.ids)
          audit(req, rows)
          const live = bin ? rows.filter((r) => !r.recycledAt) : []
          const binned = bin ? rows.filter((r) => r.recycledAt) : rows
          if (bin && binned.length && !can(req.principal!, def.permissionPage, permissionFor(def, 'recycle')))
            throw new AppError('FORBIDDEN', recordMessages.noRecycleRight)
          const now = new Date()
          if (live.length)
            await tx
              .update(t)
              .set({
                recycledAt: now,
                updatedAt: now,
                ...(rt.traits.lockable ? { lockedBy: null, lockedAt: null } : {}),
              } as never)
              .where(
                inArray(
                  id,
                  live.map((r) => r.id),
                ),
              )
          if (binned.length) {
            await beforeDelete(tx as unknown as Db, def.name, binned)
            const gone = binned.map((r) => r.id)
            await tx.delete(t).where(inArray(id, gone))
            if (rt.traits.reviewed) await forgetReviewHistory(tx as unknown as Db, rt.resType, gone)
          }
          await afterRows(tx as unknown as Db, rows, { kind: 'delete' })
          return { recycled: live.length, deleted: binned.length }
        })
        return ok(result)
      },
    )

  if (bin)
    app.post(
      `${base}/restore`,
      {
        config: { access: access('restore'), audit: `恢复${label}` },
        schema: {
          tags,
          summary: `从回收站恢复${label}`,
          body: recordIdsBodySchema,
          response: { 200: envelopeSchema(z.object({ restored: z.number().int() })) },
        },
      },
      async (req) => {
        const scope = await dataScopeOf(req, db)
        const restored = await db.transaction(async (tx) => {
          const rows = await locked(tx as unknown as Db, scope, req.body.ids)
          audit(req, rows)
          if (rows.some((r) => !r.recycledAt)) throw new AppError('BAD_REQUEST', recordMessages.notRecycled)
          await tx
            .update(t)
            .set({ recycledAt: null, updatedAt: new Date() } as never)
            .where(
              inArray(
                id,
                rows.map((r) => r.id),
              ),
            )
          await afterRows(tx as unknown as Db, rows, { kind: 'restore' })
          return rows.length
        })
        return ok({ restored })
      },
    )

  if (rt.traits.showable && may('show')) {
    const words = def.showWords ?? { show: '显示', hide: '隐藏' }
    app.post(
      `${base}/showState`,
      {
        config: { access: access('show'), audit: `${words.show}/${words.hide}${label}` },
        schema: {
          tags,
          summary: `批量${words.show}/${words.hide}${label}`,
          body: recordShowBodySchema,
          response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
        },
      },
      async (req) => {
        const scope = await dataScopeOf(req, db)
        const updated = await db.transaction(async (tx) => {
          const rows = await locked(tx as unknown as Db, scope, req.body.ids)
          audit(req, rows)
          if (rows.some((r) => r.recycledAt)) throw new AppError('CONFLICT', recordMessages.recycled)
          await tx
            .update(t)
            .set({ showState: req.body.showState, updatedAt: new Date() } as never)
            .where(
              inArray(
                id,
                rows.map((r) => r.id),
              ),
            )
          await afterRows(tx as unknown as Db, rows, { kind: 'show' })
          return rows.length
        })
        return ok({ updated })
      },
    )
  }

  if (rt.traits.sortable && may('sort'))
    app.post(
      `${base}/sort`,
      {
        config: { access: access('sort'), audit: `排序${label}` },
        schema: {
          tags,
          summary: `${label}排序：按给出的顺序重排这些记录（占用它们原有的位次）`,
          body: recordSortBodySchema,
          response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
        },
      },
      async (req) => {
        const scope = await dataScopeOf(req, db)
        const updated = await db.transaction(async (tx) => {
          const rows = await locked(tx as unknown as Db, scope, req.body.ids)
          audit(req, rows)
          // The rows keep the places they held among themselves, in the order given: moving rows on one page
          // never moves the rows of another.
          const places = rows.map((r) => r.sort as number).sort((a, b) => a - b)
          const distinct = new Set(places).size === places.length
          const slots = distinct ? places : places.map((p, i) => p + i)
          for (const [i, rowId] of [...new Set(req.body.ids)].entries())
            await tx
              .update(t)
              .set({ sort: slots[i] } as never)
              .where(eq(id, rowId))
          return rows.length
        })
        return ok({ updated })
      },
    )
}
