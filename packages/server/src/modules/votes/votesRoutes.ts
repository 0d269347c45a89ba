import {
  openVoteCastBodySchema,
  openVoteCastSchema,
  openVoteDetailSchema,
  openVoteIdQuerySchema,
  openVoteListQuerySchema,
  openVoteSchema,
  violationQuerySchema,
  violationResultSchema,
  voteExportBodySchema,
  voteIdQuerySchema,
  voteMessages,
  voteResultsSchema,
} from '@moc/domain/api/votes'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { vote, voteModule, voteOption } from '../../db/tables/votes.ts'
import { maskReplaced } from '../../engine/commentScreening.ts'
import type { Ctx } from '../../platform/context.ts'
import { dataScopeOf } from '../../platform/dataScope.ts'
import { AppError } from '../../platform/errors.ts'
import { sendXlsx } from '../../platform/xlsxReply.ts'
import { appUserOf, auditApp, offsetOf } from '../community/openCommon.ts'
import { progressAfter } from '../tasks/taskProgress.ts'
import { castVote, liveVote } from './voteCast.ts'
import { voteResults, writeVoteResultsXlsx } from './voteResults.ts'
import './voteSync.ts'

const openTags = ['App 开放接口-投票']

/** 未开始 / 进行中 / 已结束 of a vote's window now. */
const stateOf = (
  v: { startAt: Date | null; endAt: Date | null },
  now: Date,
): 'notStarted' | 'ongoing' | 'ended' =>
  v.startAt && v.startAt > now ? 'notStarted' : v.endAt && v.endAt <= now ? 'ended' : 'ongoing'

const openColumns = {
  id: vote.id,
  title: vote.title,
  cover: vote.cover,
  startAt: vote.startAt,
  endAt: vote.endAt,
  dailyLimit: vote.dailyLimit,
  totalLimit: vote.totalLimit,
  showResult: vote.showResult,
  voteCount: vote.voteCount,
}
type OpenRow = { [K in keyof typeof openColumns]: (typeof openColumns)[K]['_']['data'] | null }

const openItem = (v: OpenRow, now: Date) => ({
  id: v.id!,
  title: v.title ?? '',
  cover: v.cover ?? '',
  startAt: v.startAt?.toISOString() ?? null,
  endAt: v.endAt?.toISOString() ?? null,
  dailyLimit: v.dailyLimit ?? 1,
  totalLimit: v.totalLimit ?? 0,
  showResult: v.showResult ?? true,
  voteCount: v.showResult ? (v.voteCount ?? 0) : null,
  state: stateOf({ startAt: v.startAt ?? null, endAt: v.endAt ?? null }, now),
})

/**
 * The votes' routes beyond the record engine's (decision 0044): the results and their export, the text check of
 * GET /platform/violation/examine, and the app-facing list, detail and cast (DESIGN §6a).
 */
export async function votesRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const tags = ['投票活动']

  app.get(
    '/api/vote/module/data',
    {
      config: { access: { resource: 'detail', record: 'vote' } },
      schema: {
        tags,
        summary: '投票结果：各模块各选项票数、每日投票数、投票人数（id 或 voteId 为投票活动）',
        querystring: voteIdQuerySchema,
        response: { 200: envelopeSchema(voteResultsSchema) },
      },
    },
    async (req) => {
      const id = (req.query.id ?? req.query.voteId)!
      return ok(await voteResults(db, await dataScopeOf(req, db), id))
    },
  )

  app.post(
    '/api/vote/module/data/export',
    {
      config: { access: { resource: 'export', record: 'vote' }, audit: '导出投票结果' },
      schema: {
        tags,
        summary: '导出投票结果为 Excel（.xlsx：各选项票数与占比、每日投票数）',
        body: voteExportBodySchema,
      },
    },
    async (req, reply) => {
      const id = req.body.id
      const results = await voteResults(db, await dataScopeOf(req, db), id)
      req.auditInfo.target = `vote:${id}`
      req.auditInfo.targetName = results.title
      return sendXlsx(req, reply, { name: 'vote-results', label: `${results.title}-投票结果` }, (out) =>
        writeVoteResultsXlsx(results, out),
      )
    },
  )

  app.get(
    '/api/platform/violation/examine',
    {
      config: { access: { page: '活动-投票活动', action: '查看' } },
      schema: {
        tags,
        summary: '检查文本是否含敏感词：禁用词、审核词不通过，替换词打码后返回',
        querystring: violationQuerySchema,
        response: { 200: envelopeSchema(violationResultSchema) },
      },
    },
    async (req) => {
      const text = req.query.text
      const scan = (await ctx.sensitive.index()).scan({ text })
      const flagged = scan.words.filter((w) => w.level !== 'replace')
      const words = scan.words.map(({ word, level, count: n }) => ({ word, level, count: n }))
      return ok(
        { pass: flagged.length === 0, words, text: maskReplaced(text, scan.hits) },
        flagged.length ? voteMessages.examineHit(flagged.map((w) => w.word)) : voteMessages.examinePass,
      )
    },
  )

  app.get(
    '/api/open/vote/list',
    {
      config: { access: 'public' },
      schema: {
        tags: openTags,
        summary: '投票活动列表：已发布、显示、未删除的，最新在前（显示结果的附总票数）',
        querystring: openVoteListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openVoteSchema)) },
      },
    },
    async (req) => {
      const now = new Date()
      const [rows, [n]] = await Promise.all([
        db
          .select(openColumns)
          .from(vote)
          .where(liveVote)
          .orderBy(desc(vote.publishedAt), desc(vote.id))
          .limit(req.query.pageSize)
          .offset(offsetOf(req.query)),
        db.select({ n: count() }).from(vote).where(liveVote),
      ])
      return ok({ items: rows.map((r) => openItem(r, now)), total: n?.n ?? 0 })
    },
  )

  app.get(
    '/api/open/vote/detail',
    {
      config: { access: 'public' },
      schema: {
        tags: openTags,
        summary: '投票活动详情：规则、各模块及其显示的选项（显示结果的附票数）',
        querystring: openVoteIdQuerySchema,
        response: { 200: envelopeSchema(openVoteDetailSchema) },
      },
    },
    async (req) => {
      const now = new Date()
      const [v] = await db
        .select({ ...openColumns, rules: vote.rules })
        .from(vote)
        .where(and(liveVote, eq(vote.id, req.query.id)))
      if (!v) throw new AppError('NOT_FOUND', voteMessages.notFound)
      const modules = await db
        .select({ id: voteModule.id, name: voteModule.name, intro: voteModule.intro })
        .from(voteModule)
        .where(eq(voteModule.voteId, v.id))
        .orderBy(asc(voteModule.sort), asc(voteModule.id))
      const options = modules.length
        ? await db
            .select({
              id: voteOption.id,
              moduleId: voteOption.moduleId,
              title: voteOption.title,
              media: voteOption.media,
              description: voteOption.description,
              comment: voteOption.comment,
              voteCount: voteOption.voteCount,
            })
            .from(voteOption)
            .where(
              and(
                inArray(
                  voteOption.moduleId,
                  modules.map((m) => m.id),
                ),
                eq(voteOption.showState, true),
              ),
            )
            .orderBy(asc(voteOption.sort), asc(voteOption.id))
        : []
      return ok({
        ...openItem(v, now),
        rules: v.rules,
        modules: modules.map((m) => ({
          ...m,
          options: options
            .filter((o) => o.moduleId === m.id)
            .map(({ moduleId: _, ...o }) => ({ ...o, voteCount: v.showResult ? (o.voteCount ?? 0) : null })),
        })),
      })
    },
  )

  app.post(
    '/api/open/vote/cast',
    {
      config: { access: 'appUser', audit: 'App用户投票' },
      schema: {
        tags: openTags,
        summary:
          '为一个选项投一票：投票时间内、每人每日与总票数限制内（投票未开始 / 投票已结束 / 今日投票次数已用完 / 投票次数已用完）',
        body: openVoteCastBodySchema,
        response: { 200: envelopeSchema(openVoteCastSchema) },
      },
    },
    async (req) => {
      const me = appUserOf(req)
      const result = await castVote(db, me.userId, req.body.optionId)
      await progressAfter(req, db, me.userId, 'vote') // 任务: 投票 (decision 0050)
      auditApp(req, `voteOption:${req.body.optionId}`)
      return ok(result, voteMessages.cast)
    },
  )
}
