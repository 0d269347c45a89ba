import { z } from 'zod'

/** Most rows one export holds; a larger selection exports its newest rows and says so in a 说明 sheet. */
export const SYSLOG_EXPORT_MAX_ROWS = 50_000
/** Shortest retention the operation log may be configured with (days). */
export const LOG_RETENTION_MIN_DAYS = 180
export const LOG_RETENTION_MAX_DAYS = 3650
/** The `pageName` filter value for entries with no permission page (sign-in, registration, logout). */
export const SYSLOG_NO_PAGE = 'none'

export const syslogResults = ['success', 'fail'] as const
export const syslogResultLabels: Record<(typeof syslogResults)[number], string> = {
  success: '成功',
  fail: '失败',
}

/** A point in time as epoch milliseconds or an ISO 8601 string. */
const instant = z
  .string()
  .trim()
  .transform((v, c) => {
    const d = /^\d+$/.test(v) ? new Date(Number(v)) : new Date(v)
    if (Number.isNaN(d.getTime())) {
      c.addIssue({ code: 'custom', message: '时间格式有误' })
      return z.NEVER
    }
    return d
  })

/** The filters shared by the list and the export. */
export const syslogFilterShape = {
  /** Username (partial) or account id. */
  actor: z.string().trim().max(50).optional(),
  /** Permission page, e.g. 系统-账号; `none` for entries without one. */
  pageName: z.string().trim().max(50).optional(),
  /** Action name (partial). */
  action: z.string().trim().max(50).optional(),
  result: z.enum(syslogResults).optional(),
  startTime: instant.optional(),
  endTime: instant.optional(),
}
/** Time zone of the exported times when the body names none. */
export const SYSLOG_EXPORT_DEFAULT_TZ = 'Asia/Shanghai'
/** POST /api/system/syslog (导出): the list's filters and the IANA time zone the sheet shows times in. */
export const syslogExportBodySchema = z.strictObject({
  ...syslogFilterShape,
  timeZone: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz })
        return true
      } catch {
        return false
      }
    }, '时区有误')
    .optional(),
})

export const syslogItemSchema = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable(),
  username: z.string(),
  page: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  /** What the operation acted on, as ids (content:12, admin:3, …) or words. */
  target: z.string(),
  /** The target in words as it was at the time (titles, names); '' in older rows and for unnamed targets. */
  targetName: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  result: z.enum(syslogResults),
  code: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
})
export type SyslogItem = z.infer<typeof syslogItemSchema>

/** GET /api/system/syslog/options: what the filters offer. */
export const syslogOptionsSchema = z.object({
  /** Every action name the server logs, with its permission page ('' for none). */
  actions: z.array(z.object({ action: z.string(), page: z.string() })),
})
