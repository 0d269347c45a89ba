import type { PassThrough } from 'node:stream'
import { type VoteResults, voteMessages } from '@moc/domain/api/votes'
import { vote as voteDef } from '@moc/domain/resources/activity/vote'
import { CHINA_TIME_ZONE } from '@moc/domain/rules/chinaTime'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { vote, voteCast, voteModule, voteOption, voteVoter } from '../../db/tables/votes.ts'
import { recordInScope, recordTableOf } from '../../engine/records/recordTable.ts'
import type { DataScope } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * The results of a vote (spec GET /vote/module/data; decision 0044): every module with its options' kept counts in
 * their order, the casts per local day and the number of voters. The vote must be in the caller's data scope.
 */
export async function voteResults(db: Db, scope: DataScope, id: number): Promise<VoteResults> {
  const [v] = await db
    .select({ id: vote.id, title: vote.title, voteCount: vote.voteCount })
    .from(vote)
    .where(and(eq(vote.id, id), recordInScope(recordTableOf(voteDef), scope)))
  if (!v) throw new AppError('NOT_FOUND', voteMessages.notFound)
  // The zone is a constant, written into the text: as a parameter the GROUP BY would be another expression.
  const day = sql<string>`to_char((${voteCast.castAt} at time zone ${sql.raw(`'${CHINA_TIME_ZONE}'`)})::date, 'YYYY-MM-DD')`
  const [modules, options, days, [voters]] = await Promise.all([
    db
      .select({ id: voteModule.id, name: voteModule.name })
      .from(voteModule)
      .where(eq(voteModule.voteId, id))
      .orderBy(asc(voteModule.sort), asc(voteModule.id)),
    db
      .select({
        id: voteOption.id,
        moduleId: voteOption.moduleId,
        title: voteOption.title,
        media: voteOption.media,
        voteCount: voteOption.voteCount,
        showState: voteOption.showState,
      })
      .from(voteOption)
      .where(eq(voteOption.voteId, id))
      .orderBy(asc(voteOption.sort), asc(voteOption.id)),
    db
      .select({ day, count: sql<number>`count(*)::int` })
      .from(voteCast)
      .where(eq(voteCast.voteId, id))
      .groupBy(day)
      .orderBy(day),
    db.select({ n: count() }).from(voteVoter).where(eq(voteVoter.voteId, id)),
  ])
  return {
    id: v.id,
    title: v.title,
    voteCount: v.voteCount ?? 0,
    voters: voters?.n ?? 0,
    modules: modules.map((m) => {
      const mine = options
        .filter((o) => o.moduleId === m.id)
        .map(({ moduleId: _, ...o }) => ({ ...o, voteCount: o.voteCount ?? 0 }))
      return { ...m, voteCount: mine.reduce((s, o) => s + o.voteCount, 0), options: mine }
    }),
    days: days.map((d) => ({ day: d.day, count: Number(d.count) })),
  }
}

/** The results as an .xlsx: one row per option (模块, 选项, 票数, 占比), then the casts per day on a second sheet. */
export async function writeVoteResultsXlsx(results: VoteResults, out: PassThrough) {
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = '融媒体运营后台'
  const ws = wb.addWorksheet('投票结果', { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = [
    { header: '模块', key: 'module', width: 20 },
    { header: '选项', key: 'option', width: 30 },
    { header: '票数', key: 'count', width: 10 },
    { header: '占比', key: 'share', width: 10 },
  ]
  ws.getRow(1).font = { bold: true }
  ws.getRow(1).commit()
  const total = results.voteCount
  for (const m of results.modules)
    for (const o of m.options)
      ws.addRow({
        module: m.name,
        option: o.title,
        count: o.voteCount,
        share: total ? `${((o.voteCount / total) * 100).toFixed(1)}%` : '0.0%',
      }).commit()
  ws.addRow({ module: '合计', option: `投票人数 ${results.voters}`, count: total, share: '' }).commit()
  ws.commit()
  const perDay = wb.addWorksheet('每日投票')
  perDay.columns = [
    { header: '日期', key: 'day', width: 14 },
    { header: '投票数', key: 'count', width: 10 },
  ]
  perDay.getRow(1).font = { bold: true }
  perDay.getRow(1).commit()
  for (const d of results.days) perDay.addRow(d).commit()
  perDay.commit()
  await wb.commit()
}
