import type { PassThrough } from 'node:stream'
import type { ActivityStats, EnrollItem } from '@moc/domain/api/activities'
import { ENROLL_STATES, type EnrollFormField, PAY_STATES } from '@moc/domain/resources/activity/activityRules'
import { CHINA_TIME_ZONE } from '@moc/domain/rules/chinaTime'
import { and, asc, count, desc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { type activity, activityArticle, activityEnroll } from '../../db/tables/activities.ts'
import { appUser } from '../../db/tables/community.ts'
import { containsPattern } from '../../platform/paging.ts'

/** The broadcaster's local date, the day an enrolment counts on (statistics, export). */
const EXPORT_BATCH = 500

interface RowsQuery {
  keyword?: string
  state?: string
}

const enrollColumns = {
  id: activityEnroll.id,
  activityId: activityEnroll.activityId,
  userId: activityEnroll.userId,
  nickname: appUser.nickname,
  phone: appUser.phone,
  answers: activityEnroll.answers,
  state: activityEnroll.state,
  reason: activityEnroll.reason,
  prize: activityEnroll.prize,
  fee: activityEnroll.fee,
  payState: activityEnroll.payState,
  orderNo: activityEnroll.orderNo,
  paidAt: activityEnroll.paidAt,
  decidedAt: activityEnroll.decidedAt,
  createdAt: activityEnroll.createdAt,
}
type EnrollRow = Omit<
  { [K in keyof typeof enrollColumns]: (typeof enrollColumns)[K]['_']['data'] },
  'paidAt' | 'decidedAt'
> & { paidAt: Date | null; decidedAt: Date | null }

const enrollItem = (r: EnrollRow): EnrollItem => ({
  ...r,
  state: r.state as EnrollItem['state'],
  payState: r.payState as EnrollItem['payState'],
  paidAt: r.paidAt?.toISOString() ?? null,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
})

const enrollWhere = (activityId: number, q: RowsQuery): SQL =>
  and(
    eq(activityEnroll.activityId, activityId),
    q.state ? eq(activityEnroll.state, q.state) : undefined,
    q.keyword
      ? or(
          ilike(appUser.nickname, containsPattern(q.keyword)),
          ilike(appUser.phone, containsPattern(q.keyword)),
        )
      : undefined,
  )!

/** One page of an activity's enrolments (newest first) and their total. */
export async function enrollRows(
  db: Db,
  activityId: number,
  q: RowsQuery & { page: number; pageSize: number },
) {
  const where = enrollWhere(activityId, q)
  const [rows, [n]] = await Promise.all([
    db
      .select(enrollColumns)
      .from(activityEnroll)
      .innerJoin(appUser, eq(appUser.id, activityEnroll.userId))
      .where(where)
      .orderBy(desc(activityEnroll.createdAt), desc(activityEnroll.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(activityEnroll)
      .innerJoin(appUser, eq(appUser.id, activityEnroll.userId))
      .where(where),
  ])
  return { items: rows.map(enrollItem), total: n?.n ?? 0 }
}

const tally = (rows: { key: string; n: number }[]) =>
  Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]))

/** The statistics of /activityInfo: enrolments per day, enrolments and entries by state, payments by state. */
export async function activityStats(db: Db, a: typeof activity.$inferSelect): Promise<ActivityStats> {
  const day = sql<string>`to_char(${activityEnroll.createdAt} at time zone ${sql.raw(`'${CHINA_TIME_ZONE}'`)}, 'YYYY-MM-DD')`
  const [byDay, byState, byPay, entries] = await Promise.all([
    db
      .select({ day, count: count() })
      .from(activityEnroll)
      .where(eq(activityEnroll.activityId, a.id))
      .groupBy(day)
      .orderBy(asc(day)),
    db
      .select({ key: activityEnroll.state, n: count() })
      .from(activityEnroll)
      .where(eq(activityEnroll.activityId, a.id))
      .groupBy(activityEnroll.state),
    db
      .select({ key: activityEnroll.payState, n: count() })
      .from(activityEnroll)
      .where(eq(activityEnroll.activityId, a.id))
      .groupBy(activityEnroll.payState),
    db
      .select({ key: activityArticle.state, n: count() })
      .from(activityArticle)
      .where(and(eq(activityArticle.activityId, a.id), isNull(activityArticle.removedAt)))
      .groupBy(activityArticle.state),
  ])
  return {
    id: a.id,
    title: a.title,
    enrollCount: a.enrollCount,
    entryCount: a.entryCount,
    enrollsByDay: byDay.map((d) => ({ day: d.day, count: Number(d.count) })),
    enrollsByState: tally(byState),
    entriesByState: tally(entries),
    payByState: tally(byPay),
  }
}

/** An answer as a cell: lists joined, others as text. */
const cell = (v: unknown) =>
  v === undefined || v === null ? '' : Array.isArray(v) ? v.join('、') : String(v)

/** Beijing time as the console shows it: 2026-01-01 09:30:00. */
const localTime = (d: Date | null) =>
  d ? new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : ''

/**
 * The enrolment list as a workbook, streamed in batches of 500 by id (oldest first): 用户, 手机号, one column per
 * form field (its label), 状态, 不合格原因, 奖项, then 报名费 / 支付状态 / 订单号 for a paid activity, and 报名时间.
 */
export async function writeEnrollXlsx(
  db: Db,
  a: typeof activity.$inferSelect,
  fields: readonly EnrollFormField[],
  q: RowsQuery,
  out: PassThrough,
) {
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = '融媒体运营后台'
  const ws = wb.addWorksheet('报名列表', { views: [{ state: 'frozen', ySplit: 1 }] })
  const pay = a.kind === 'pay'
  ws.columns = [
    { header: '用户', key: 'nickname', width: 16 },
    { header: '手机号', key: 'phone', width: 14 },
    ...fields.map((f) => ({ header: f.label, key: `f${f.id}`, width: 20 })),
    { header: '状态', key: 'state', width: 10 },
    { header: '不合格原因', key: 'reason', width: 24 },
    { header: '奖项', key: 'prize', width: 10 },
    ...(pay
      ? [
          { header: '报名费（元）', key: 'fee', width: 12 },
          { header: '支付状态', key: 'payState', width: 10 },
          { header: '订单号', key: 'orderNo', width: 26 },
        ]
      : []),
    { header: '报名时间', key: 'createdAt', width: 20 },
  ]
  ws.getRow(1).font = { bold: true }
  ws.getRow(1).commit()
  const where = enrollWhere(a.id, q)
  for (let last = 0; ; ) {
    const rows = await db
      .select(enrollColumns)
      .from(activityEnroll)
      .innerJoin(appUser, eq(appUser.id, activityEnroll.userId))
      .where(and(where, gt(activityEnroll.id, last)))
      .orderBy(asc(activityEnroll.id))
      .limit(EXPORT_BATCH)
    for (const r of rows)
      ws.addRow({
        nickname: r.nickname,
        phone: r.phone,
        ...Object.fromEntries(fields.map((f) => [`f${f.id}`, cell(r.answers[String(f.id)])])),
        state: ENROLL_STATES[r.state as keyof typeof ENROLL_STATES] ?? r.state,
        reason: r.reason,
        prize: r.prize,
        ...(pay
          ? {
              fee: (r.fee / 100).toFixed(2),
              payState: PAY_STATES[r.payState as keyof typeof PAY_STATES] ?? r.payState,
              orderNo: r.orderNo,
            }
          : {}),
        createdAt: localTime(r.createdAt),
      }).commit()
    if (rows.length < EXPORT_BATCH) break
    last = rows.at(-1)!.id
  }
  ws.commit()
  await wb.commit()
}
