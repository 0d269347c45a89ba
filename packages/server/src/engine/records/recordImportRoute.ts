import {
  RECORD_IMPORT_MAX,
  recordImportResultSchema,
  recordImportRowErrorSchema,
  recordMessages,
} from '@moc/domain/api/records'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { xlsxRows } from '../../platform/xlsxRows.ts'
import { afterWrite } from './recordDerived.ts'
import type { RecordKit } from './recordKit.ts'
import { checkFieldRules } from './recordRules.ts'
import { importCells } from './recordSheet.ts'
import { newRowValues } from './recordTable.ts'
import { recordWrite } from './recordValues.ts'

/** Most bytes of an imported .xlsx (travelling base64 in the sealed JSON body, as the sensitive words' import). */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024

/**
 * A record type's Excel import: every row checked by the form's schema; any bad row refuses the file, or with
 * importMode 'rows' stays out while the good ones go in (ResourceDef.importMode).
 */
export function recordImportRoute(k: RecordKit) {
  const { app, db, rt, def, label, tags, base, t, access, embedOrigins } = k
  const byRow = def.importMode === 'rows'
  app.post(
    `${base}/import`,
    {
      bodyLimit: Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024,
      config: { access: access('import'), audit: `导入${label}` },
      schema: {
        tags,
        summary: byRow
          ? `从 Excel 导入${label}（.xlsx，首行为字段名称；正确的行导入，有误的行返回行号与原因）`
          : `从 Excel 导入${label}（.xlsx，首行为字段名称；任何一行有误则不导入，返回各行原因）`,
        body: z.strictObject({
          fileName: z
            .string()
            .trim()
            .max(200)
            .regex(/\.xlsx$/i, '只支持上传excel文件'),
          file: z.string().max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4, '文件过大'),
        }),
        response: {
          200: envelopeSchema(recordImportResultSchema),
          // The rows refused, or null when the request itself is (a missing file name).
          422: envelopeSchema(z.object({ failed: z.array(recordImportRowErrorSchema) }).nullable()),
        },
      },
    },
    async (req, reply) => {
      const file = Buffer.from(req.body.file, 'base64')
      const rows = xlsxRows(file, {
        maxRows: RECORD_IMPORT_MAX,
        messages: {
          notExcel: '只支持上传excel文件',
          tooManyRows: recordMessages.importTooMany(RECORD_IMPORT_MAX),
        },
      })
      const { valid, failed } = await importCells(def, rows)
      req.auditInfo.target = `${req.body.fileName}：${valid.length} 行`
      if (failed.length && !byRow)
        return reply
          .code(422)
          .send({ code: 422, msg: recordMessages.importFailed(failed.length), data: { failed } })
      if (!valid.length && !failed.length) throw new AppError('BAD_REQUEST', recordMessages.importEmpty)
      const me = req.principal!.adminId
      const origins = await embedOrigins()
      let added = 0
      if (valid.length)
        await db.transaction(async (tx) => {
          const fresh = await newRowValues(tx as unknown as Db, rt, me)
          const ids: number[] = []
          for (const { row: at, values } of valid) {
            // The rules across rows (a unique name) only read: a refused row leaves the transaction usable.
            const refused = await checkFieldRules(tx as unknown as Db, rt, values, undefined).then(
              () => undefined,
              (e: unknown) => {
                if (!(e instanceof AppError)) throw e
                if (!byRow) throw new AppError(e.name, `第 ${at} 行：${e.message}`)
                return e.message
              },
            )
            if (refused) {
              failed.push({ row: at, messages: [refused] })
              continue
            }
            const [row] = (await tx
              .insert(t)
              .values({ ...recordWrite(def, values, origins), ...fresh } as never)
              .returning({ id: k.id })) as { id: number }[]
            ids.push(row!.id)
          }
          await afterWrite(tx as unknown as Db, def.name, ids, { kind: 'import' })
          added = ids.length
        })
      if (!byRow) return ok({ added })
      failed.sort((a, b) => a.row - b.row)
      req.auditInfo.target = `${req.body.fileName}：导入 ${added} 行，${failed.length} 行有误`
      return ok({ added, failed }, recordMessages.importedRows(added, failed.length))
    },
  )
}
