import { contentIdsSchema } from '@moc/domain/api/content'
import { recordMessages } from '@moc/domain/api/records'
import { fieldsSchema } from '@moc/domain/resources/fieldSchema'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { inArray } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { afterWrite } from './recordDerived.ts'
import type { RecordKit } from './recordKit.ts'
import { col, type RecordTable, titleField } from './recordTable.ts'
import { recordWrite } from './recordValues.ts'

type Row = Record<string, unknown> & { id: number }

/** A row's name in a message: its first 20 characters (a feedback is named by its text). */
const shortName = (name: string) => {
  const chars = [...name]
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : name
}

/** What a command's handler gets: the locked rows (none for a `rows: 'none'` command), the checked input. */
export interface CommandCall {
  tx: Db
  rows: Row[]
  input: Record<string, unknown>
  req: FastifyRequest
  ctx: Ctx
  rt: RecordTable
}
export type CommandHandler = (call: CommandCall) => Promise<Record<string, unknown> | undefined>

const handlers = new Map<string, CommandHandler>()

/**
 * A module supplies a command's handler (DESIGN §4): `registerCommand('coupon', 'writeOff', handler)`, imported
 * before the app is built. The engine does the rest; a definition's command without a handler refuses to start.
 */
export function registerCommand(resource: string, command: string, handler: CommandHandler) {
  handlers.set(`${resource}.${command}`, handler)
}

/** The routes the engine owns on every record type: no command or transition may take their names. */
const ENGINE_ROUTES = new Set([
  'list',
  'nums',
  'detail',
  'add',
  'modify',
  'delete',
  'restore',
  'showState',
  'sort',
  'export',
  'import',
  'examination',
  'revert',
  'versions',
  'versionDiff',
])

/**
 * A record type's commands and machine transitions (DESIGN §4): POST /api/<name>/<command> with `ids` (one or many
 * rows; none for a toolbar command) and the input fields, guarded by the command's own action on the type's page,
 * in one transaction holding the rows' locks, written to the operation log under the command's name.
 */
export function recordCommandRoutes(h: RecordKit) {
  const { app, ctx, db, rt, def } = h
  const tags = [def.label]
  const embedOrigins = async () => (await ctx.settings.get('editor')).embedOrigins
  const ids = (rows: 'none' | 'one' | 'many') =>
    rows === 'none' ? {} : { ids: rows === 'one' ? contentIdsSchema.max(1) : contentIdsSchema }
  const named = (name: string) => {
    if (ENGINE_ROUTES.has(name)) throw new Error(`${def.name}: command ${name} takes an engine route's name`)
    return `/api/${def.name}/${name}`
  }

  for (const [name, cmd] of Object.entries(def.commands ?? {})) {
    const handler = handlers.get(`${def.name}.${name}`)
    if (!handler) throw new Error(`${def.name}: command ${name} has no handler (registerCommand)`)
    const body = fieldsSchema({ fields: cmd.input ?? {} }).extend(ids(cmd.rows))
    app.post(
      named(name),
      {
        config: {
          access: { resource: 'update', record: def.name, action: cmd.action },
          audit: `${cmd.label}${def.label}`,
        },
        schema: {
          tags,
          summary: `${cmd.label}（${cmd.rows === 'none' ? '不针对记录' : cmd.rows === 'one' ? '一条记录' : '可批量'}）`,
          body,
          response: { 200: envelopeSchema(z.record(z.string(), z.unknown())) },
        },
      },
      async (req) => {
        const { ids: given, ...input } = req.body as Record<string, unknown> & { ids?: number[] }
        const scope = await dataScopeOf(req, db)
        const result = await db.transaction(async (t) => {
          const tx = t as unknown as Db
          const rows = given ? await h.locked(tx, scope, given) : []
          if (rows.length) h.audit(req, rows)
          return handler({ tx, rows, input, req, ctx, rt })
        })
        return ok(result ?? { updated: given?.length ?? 0 })
      },
    )
  }

  const machine = def.machine
  if (!machine) return
  const field = def.fields[machine.field]
  if (field?.kind !== 'select')
    throw new Error(`${def.name}: machine field ${machine.field} is not a select field`)
  for (const [name, tr] of Object.entries(machine.transitions)) {
    const body = fieldsSchema({ fields: tr.input ?? {} }).extend({ ids: contentIdsSchema })
    app.post(
      named(name),
      {
        config: {
          access: { resource: 'update', record: def.name, action: tr.action },
          audit: `${tr.label}${def.label}`,
        },
        schema: {
          tags,
          summary: `${tr.label}：${tr.from.map((s) => field.options?.[s] ?? s).join('、')} → ${field.options?.[tr.to] ?? tr.to}（可批量）`,
          body,
          response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
        },
      },
      async (req) => {
        const { ids: given, ...input } = req.body as Record<string, unknown> & { ids: number[] }
        const scope = await dataScopeOf(req, db)
        const write = recordWrite({ fields: tr.input ?? {} }, input, await embedOrigins())
        const updated = await db.transaction(async (t) => {
          const tx = t as unknown as Db
          const rows = await h.locked(tx, scope, given)
          h.audit(req, rows)
          if (rows.some((r) => r.recycledAt)) throw new AppError('CONFLICT', recordMessages.recycled)
          const illegal = rows.filter((r) => !tr.from.includes(String(r[machine.field])))
          if (illegal.length)
            throw new AppError(
              'CONFLICT',
              recordMessages.illegalTransition(
                tr.label,
                illegal.map((r) => `「${shortName(String(r[titleField(rt)] || r.id))}」`).join('、'),
              ),
            )
          await tx
            .update(rt.table)
            .set({
              ...write,
              [machine.field]: tr.to,
              ...(tr.stamp?.at ? { [tr.stamp.at]: new Date() } : {}),
              ...(tr.stamp?.by ? { [tr.stamp.by]: req.principal!.adminId } : {}),
              updatedAt: new Date(),
            } as never)
            .where(
              inArray(
                col(rt, 'id'),
                rows.map((r) => r.id),
              ),
            )
          await afterWrite(
            tx,
            def.name,
            rows.map((r) => r.id),
            { kind: 'command', command: name },
          )
          return rows.length
        })
        return ok({ updated })
      },
    )
  }
}
