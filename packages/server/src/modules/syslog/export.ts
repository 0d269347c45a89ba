import type { PassThrough } from 'node:stream'
import { SYSLOG_EXPORT_MAX_ROWS, syslogResultLabels } from '@moc/domain/api/syslog'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { and, desc, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { operationLog } from '../../db/schema.ts'
import { olderThan } from './query.ts'

/** Rows read per query while streaming; each batch continues after the last row of the one before. */
const BATCH = 1_000

const codeText = new Map<number, string>(Object.values(errorCodes).map((e) => [e.code, e.msg]))

export const syslogColumns = [
  { header: '时间', key: 'time', width: 21 },
  { header: '账号', key: 'username', width: 16 },
  { header: '账号ID', key: 'adminId', width: 9 },
  { header: '页面', key: 'page', width: 16 },
  { header: '操作', key: 'action', width: 18 },
  { header: '操作对象', key: 'targetName', width: 28 },
  { header: '结果', key: 'result', width: 7 },
  { header: '结果码', key: 'code', width: 10 },
  { header: '说明', key: 'reason', width: 30 },
  { header: 'IP', key: 'ip', width: 16 },
  { header: '请求', key: 'request', width: 40 },
  { header: 'HTTP 状态', key: 'status', width: 10 },
  { header: '浏览器', key: 'userAgent', width: 50 },
  { header: '对象标识', key: 'target', width: 22 },
] as const

/**
 * Streams the filtered operation log, newest first, as an .xlsx into `out` (exceljs streaming writer:
 * rows are written and released as they come, so memory stays flat). At most SYSLOG_EXPORT_MAX_ROWS rows;
 * when the selection holds more, a 说明 sheet says how many were left out.
 */
export async function writeSyslogXlsx(
  db: Db,
  where: SQL | undefined,
  total: number,
  timeZone: string,
  out: PassThrough,
): Promise<number> {
  // exceljs is loaded on the first export only: it weighs ~30 MB of resident memory.
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = '融媒体运营后台'
  const ws = wb.addWorksheet('操作日志', { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = syslogColumns.map((c) => ({ ...c }))
  ws.getRow(1).font = { bold: true }
  ws.getRow(1).commit()
  const time = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  })
  const limit = Math.min(total, SYSLOG_EXPORT_MAX_ROWS)
  let written = 0
  let last: { createdAt: Date; id: number } | undefined
  while (written < limit && !out.destroyed) {
    const rows = await db
      .select()
      .from(operationLog)
      .where(last ? and(where, olderThan(last)) : where)
      .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
      .limit(Math.min(BATCH, limit - written))
    for (const r of rows)
      ws.addRow({
        time: time.format(r.createdAt),
        username: r.username,
        adminId: r.adminId ?? '',
        page: r.page,
        action: r.action,
        // The name kept at the time; rows older than names (or unnamed targets) show their ids.
        targetName: r.targetName || r.target,
        target: r.target,
        result: syslogResultLabels[r.result as 'success' | 'fail'] ?? r.result,
        code: r.code,
        reason: r.code === 0 ? '' : (codeText.get(r.code) ?? ''),
        ip: r.ip,
        request: `${r.method} ${r.path}`,
        status: r.status,
        userAgent: r.userAgent,
      }).commit()
    written += rows.length
    last = rows.at(-1)
    if (rows.length === 0) break
  }
  ws.commit()
  if (total > written) {
    const note = wb.addWorksheet('说明')
    note
      .addRow([
        `符合条件的记录共 ${total} 条，单次导出最多 ${SYSLOG_EXPORT_MAX_ROWS} 条，本文件包含最新的 ${written} 条；请缩小时间范围分批导出。`,
      ])
      .commit()
    note.commit()
  }
  await wb.commit()
  return written
}
