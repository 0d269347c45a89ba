import { createHash, randomBytes } from 'node:crypto'
import {
  type AppConfig,
  appConfigQuerySchema,
  appConfigSchema,
  openFeedbackBodySchema,
  openFeedbackCreatedSchema,
  openFeedbackMessages,
  openFeedbackQuerySchema,
  openFeedbackSchema,
  openHelpDetailSchema,
  openHelpItemSchema,
  openHelpListQuerySchema,
} from '@moc/domain/api/openApp'
import { FEEDBACK_STATES } from '@moc/domain/resources/app/feedback'
import { effectiveLaunchItem, inDisplayWindow, launchOrder } from '@moc/domain/rules/launchItem'
import { envelopeSchema, ok, pageSchema } from '@moc/domain/transport/envelope'
import { type AnyColumn, and, asc, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  appAdvert,
  appBuoy,
  appFeature,
  appFeatureRule,
  appFeedback,
  appHelpArticle,
  appPopup,
  appSearchKeyword,
  appSplash,
  appTheme,
  appVersion,
} from '../../db/tables/app.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { effectiveFeatures } from './effectiveFeatures.ts'

const tags = ['App 开放接口']
const iso = (d: Date | null) => (d ? d.toISOString() : null)
const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex')

/**
 * The app-facing API of the App configuration area (DESIGN §6a, decision 0039). GET /api/open/app/config answers
 * what the app must show now, for its platform and version: only approved (reviewed types), shown and in-window
 * items. It is cached per platform and version like the badges (readCaches): a console change shows within
 * READ_CACHE_MS. Feedback is sent with a device id and read back with the ticket its answer carried.
 */
export async function openAppRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  // Forgotten by every resource-engine write of this process (readsContent), expired for the others'.
  const configCache = ctx.readCaches.create<AppConfig>({ readsContent: true })

  async function configOf(platform: string, version: number | undefined): Promise<AppConfig> {
    const now = new Date()
    const onPlatform = (c: AnyColumn) => sql`${c} @> ${JSON.stringify([platform])}::jsonb`
    const [splashes, popups, ads, themes, features, rules, buoys, words, versions] = await Promise.all([
      db
        .select()
        .from(appSplash)
        .where(
          and(eq(appSplash.verifyState, 1), eq(appSplash.showState, true), onPlatform(appSplash.platforms)),
        ),
      db
        .select()
        .from(appPopup)
        .where(
          and(eq(appPopup.verifyState, 1), eq(appPopup.showState, true), onPlatform(appPopup.platforms)),
        ),
      db
        .select()
        .from(appAdvert)
        .where(eq(appAdvert.showState, true))
        .orderBy(asc(appAdvert.sort), asc(appAdvert.id)),
      db.select().from(appTheme).where(eq(appTheme.showState, true)),
      db.select({ id: appFeature.id, key: appFeature.key, on: appFeature.showState }).from(appFeature),
      db.select().from(appFeatureRule).where(eq(appFeatureRule.platform, platform)),
      db.select().from(appBuoy).where(eq(appBuoy.showState, true)).orderBy(desc(appBuoy.id)),
      db
        .select()
        .from(appSearchKeyword)
        .where(eq(appSearchKeyword.verifyState, 1))
        .orderBy(asc(appSearchKeyword.sort), asc(appSearchKeyword.id)),
      db
        .select()
        .from(appVersion)
        .where(and(eq(appVersion.verifyState, 1), eq(appVersion.platform, platform)))
        .orderBy(desc(appVersion.versionCode)),
    ])
    const splash = effectiveLaunchItem(splashes, now)
    const popup = effectiveLaunchItem(popups, now)
    const adsByPosition: AppConfig['ads'] = {}
    for (const a of ads.filter((r) => inDisplayWindow(r, now))) {
      adsByPosition[a.position] ??= []
      adsByPosition[a.position]!.push({ id: a.id, title: a.title, image: a.image, link: a.link })
    }
    // A mourning grey in force wins over any festival skin (decision 0038).
    const theme = themes
      .filter((r) => inDisplayWindow(r, now))
      .sort((a, b) => Number(b.mode === 'grey') - Number(a.mode === 'grey') || launchOrder(a, b))[0]
    const latest = versions[0]
    const newer = version === undefined ? [] : versions.filter((v) => v.versionCode > version)
    return {
      platform,
      version: version ?? null,
      splash: splash
        ? {
            id: splash.id,
            title: splash.title,
            mediaType: splash.mediaType,
            url:
              splash.mediaType === 'video'
                ? splash.video
                : splash.mediaType === 'pag'
                  ? splash.pag
                  : splash.image,
            countdown: splash.countdown,
            skippable: splash.skippable,
            link: splash.link,
            frequency: splash.frequency,
            displayStart: iso(splash.displayStart),
            displayEnd: iso(splash.displayEnd),
          }
        : null,
      popup: popup
        ? {
            id: popup.id,
            title: popup.title,
            image: popup.image,
            link: popup.link,
            frequency: popup.frequency,
            displayStart: iso(popup.displayStart),
            displayEnd: iso(popup.displayEnd),
          }
        : null,
      ads: adsByPosition,
      theme: theme
        ? {
            id: theme.id,
            name: theme.name,
            mode: theme.mode,
            primaryColor: theme.primaryColor,
            topImage: theme.topImage,
          }
        : null,
      features: effectiveFeatures(features, rules, version),
      buoys: buoys
        .filter((r) => inDisplayWindow(r, now))
        .map((b) => ({
          id: b.id,
          title: b.title,
          image: b.image,
          link: b.link,
          position: b.position,
          pages: b.pages as string[],
          closable: b.closable,
        })),
      hotWords: words.map((w) => ({ keyword: w.keyword, label: w.label, link: w.link })),
      latestVersion: latest
        ? {
            versionName: latest.versionName,
            versionCode: latest.versionCode,
            url: latest.packageType === 'store' ? latest.storeUrl : latest.packageUrl,
            releaseNotes: latest.releaseNotes,
            greyRatio: latest.greyRatio,
            forceUpdate: latest.forceUpdate,
            updateAvailable: newer.length > 0,
            mustUpdate: newer.some((v) => v.forceUpdate),
          }
        : null,
    }
  }

  app.get(
    '/api/open/app/config',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'App 当前应展示的配置：闪屏、弹窗、各位置广告、主题、功能开关、浮标、热搜词、最新版本（仅已审核通过、上线、在展示时间内的内容）',
        querystring: appConfigQuerySchema,
        response: { 200: envelopeSchema(appConfigSchema) },
      },
    },
    async (req) => {
      const { platform, version } = req.query
      return ok(await configCache.get(`${platform}|${version ?? ''}`, () => configOf(platform, version)))
    },
  )

  app.post(
    '/api/open/feedback',
    {
      config: { access: 'public', audit: '提交用户反馈' },
      schema: {
        tags,
        summary: '提交用户反馈；返回的 ticket 用于读取处理结果与回复',
        body: openFeedbackBodySchema,
        response: { 200: envelopeSchema(openFeedbackCreatedSchema) },
      },
    },
    async (req) => {
      const ticket = randomBytes(24).toString('base64url')
      const [row] = await db
        .insert(appFeedback)
        .values({ ...req.body, ticketHash: hashTicket(ticket) })
        .returning({ id: appFeedback.id })
      req.auditInfo.target = `feedback:${row!.id}`
      return ok({ id: row!.id, ticket })
    },
  )

  app.get(
    '/api/open/feedback/detail',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '读取自己提交的反馈：处理状态与回复（凭提交时返回的 ticket）',
        querystring: openFeedbackQuerySchema,
        response: { 200: envelopeSchema(openFeedbackSchema) },
      },
    },
    async (req) => {
      const [row] = await db
        .select()
        .from(appFeedback)
        .where(
          and(eq(appFeedback.id, req.query.id), eq(appFeedback.ticketHash, hashTicket(req.query.ticket))),
        )
      if (!row) throw new AppError('NOT_FOUND', openFeedbackMessages.notFound)
      return ok({
        id: row.id,
        content: row.content,
        state: row.state,
        stateName: FEEDBACK_STATES[row.state as keyof typeof FEEDBACK_STATES] ?? row.state,
        reply: row.reply,
        repliedAt: iso(row.repliedAt),
        createdAt: row.createdAt.toISOString(),
      })
    },
  )

  const helpLive = and(eq(appHelpArticle.verifyState, 1), eq(appHelpArticle.showState, true))
  app.get(
    '/api/open/help/list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '帮助文章列表（已审核通过且显示的），可按分类',
        querystring: openHelpListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(openHelpItemSchema)) },
      },
    },
    async (req) => {
      const items = await db
        .select({ id: appHelpArticle.id, title: appHelpArticle.title, category: appHelpArticle.category })
        .from(appHelpArticle)
        .where(
          and(helpLive, req.query.category ? eq(appHelpArticle.category, req.query.category) : undefined),
        )
        .orderBy(desc(appHelpArticle.publishedAt), desc(appHelpArticle.id))
      return ok({ items, total: items.length })
    },
  )
  app.get(
    '/api/open/help/detail',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '帮助文章详情（已审核通过且显示的）',
        querystring: openFeedbackQuerySchema.pick({ id: true }),
        response: { 200: envelopeSchema(openHelpDetailSchema) },
      },
    },
    async (req) => {
      const [row] = await db
        .select()
        .from(appHelpArticle)
        .where(and(helpLive, eq(appHelpArticle.id, req.query.id)))
      if (!row) throw new AppError('NOT_FOUND', '帮助文章不存在')
      return ok({
        id: row.id,
        title: row.title,
        category: row.category,
        body: row.body,
        updatedAt: row.updatedAt.toISOString(),
      })
    },
  )
}
