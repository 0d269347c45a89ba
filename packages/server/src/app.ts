import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod'
import { commentReviewRoutes } from './engine/commentReviewRoutes.ts'
import { commentRoutes } from './engine/commentRoutes.ts'
import { contentExportRoutes } from './engine/contentExportRoutes.ts'
import { contentOperationRoutes } from './engine/contentOperationRoutes.ts'
import { relationRoutes } from './engine/contentRelations.ts'
import { contentRoutes } from './engine/contentRoutes.ts'
import { contentSearchRoutes } from './engine/contentSearchRoutes.ts'
import { contentVersionRoutes } from './engine/contentVersionRoutes.ts'
import { previewRoutes } from './engine/previewRoutes.ts'
import { processResourceRoutes } from './engine/processResourceRoutes.ts'
import { processRoutes } from './engine/processRoutes.ts'
import { processStateRoutes } from './engine/processStateRoutes.ts'
import { recordRoutes } from './engine/records/recordRoutes.ts'
import { reviewRoutes } from './engine/reviewRoutes.ts'
import { reviewStatusRoutes } from './engine/reviewStatusRoutes.ts'
import { specPathRoutes } from './engine/specPaths.ts'
import { subjectModuleRoutes } from './engine/subjectModuleRoutes.ts'
import { activitiesRoutes } from './modules/activities/activitiesRoutes.ts'
import { openAppRoutes } from './modules/app/openAppRoutes.ts'
import { splashScheduleRoutes } from './modules/app/splashScheduleRoutes.ts'
import { menuRoutes } from './modules/auth/menu.ts'
import { authRoutes } from './modules/auth/routes.ts'
import { bulletRoutes } from './modules/bullet/routes.ts'
import { communityRoutes } from './modules/community/communityRoutes.ts'
import { openCommunityRoutes } from './modules/community/openCommunityRoutes.ts'
import { configureRoutes } from './modules/configure/routes.ts'
import { couponsRoutes } from './modules/coupons/couponsRoutes.ts'
import { regionRoutes } from './modules/disclosure/regionRoutes.ts'
import { editorFrameOrigins, editorRoutes } from './modules/editor/routes.ts'
import { editorTemplateRoutes } from './modules/editor/templateRoutes.ts'
import { jobRoutes } from './modules/jobs/routes.ts'
import { mediaCategoryRoutes } from './modules/media/categoryRoutes.ts'
import { mediaRoutes } from './modules/media/routes.ts'
import { mediaAccountsRoutes } from './modules/mediaAccounts/mediaAccountsRoutes.ts'
import { noticesRoutes } from './modules/notices/noticesRoutes.ts'
import { organisationRoutes } from './modules/organisation/routes.ts'
import { pointsShopRoutes } from './modules/pointsShop/pointsShopRoutes.ts'
import { questionnairesRoutes } from './modules/questionnaires/questionnairesRoutes.ts'
import { redPacketsRoutes } from './modules/redPackets/redPacketsRoutes.ts'
import { rolesRoutes } from './modules/roles/routes.ts'
import { settingsRoutes } from './modules/settings/routes.ts'
import { smsRoutes } from './modules/sms/routes.ts'
import { ssoRoutes } from './modules/sso/routes.ts'
import { syslogRoutes } from './modules/syslog/routes.ts'
import { systemRoutes } from './modules/system/routes.ts'
import { tasksRoutes } from './modules/tasks/tasksRoutes.ts'
import { toolRoutes } from './modules/tools/routes.ts'
import { directRoutes } from './modules/upload/directRoutes.ts'
import { dumpRoutes } from './modules/upload/dumpRoutes.ts'
import { uploadRoutes } from './modules/upload/routes.ts'
import { tusRoutes } from './modules/upload/tusRoutes.ts'
import { votesRoutes } from './modules/votes/votesRoutes.ts'
import { wordsRoutes } from './modules/words/routes.ts'
import { registerApiHeaders } from './platform/apiHeaders.ts'
import { registerAuditLog } from './platform/auditLog.ts'
import { registerCodec } from './platform/codecHooks.ts'
import type { Ctx } from './platform/context.ts'
import { frameworkErrors, registerErrorHandler } from './platform/errorHandler.ts'
import './platform/fastifyTypes.ts'
import { registerGuard } from './platform/guard.ts'
import { lazyChildLoggerFactory } from './platform/lazyChildLogger.ts'
import { registerRateLimits } from './platform/rateLimit.ts'
import { storageOrigins } from './platform/storage/storage.ts'
import { strictValidatorCompiler } from './platform/strictBody.ts'
import { findWebDist, registerWeb } from './web.ts'

/** Never logged: tokens, cookies, passwords. */
const redact = [
  'req.headers["x-auth-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
]

export interface BuildOptions {
  logger?: boolean
  /** Serve the built web app (default: when it has been built). */
  web?: boolean
}

/** Builds the whole HTTP app without listening; tests drive it with `inject`. */
export async function buildApp(ctx: Ctx, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.logLevel, redact },
    bodyLimit: ctx.config.bodyLimit,
    frameworkErrors,
    trustProxy: ctx.config.trustProxy,
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(ctx.config.logLevel),
    }),
  })
  app.setChildLoggerFactory(lazyChildLoggerFactory)
  app.setValidatorCompiler(strictValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...storageOrigins(ctx.storage)],
        mediaSrc: ["'self'", 'blob:', 'https:', ...storageOrigins(ctx.storage)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storageOrigins(ctx.storage)],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The 135编辑器 popup (decision 0020) must keep its opener to post its HTML back; other sites still cannot.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  })
  registerApiHeaders(app)

  await app.register(swagger, {
    openapi: {
      info: {
        title: '融媒体运营后台 API',
        version: '0.1.0',
        description:
          'Envelope {code, msg, data}; header x-auth-token. Bodies shown in plaintext: the web client seals them (x-encrypt: 111, see docs/api.md).',
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  registerErrorHandler(app)
  registerAuditLog(app, ctx)
  // The codec opens sealed bodies before the guard reads a body's `kind` (both in preValidation).
  registerCodec(app, ctx)
  registerGuard(app, ctx)
  // After the guard (the ceiling counts per checked session), before the routes (it hooks them as they come).
  await registerRateLimits(app, ctx.config)

  await authRoutes(app, ctx)
  await menuRoutes(app, ctx)
  await systemRoutes(app, ctx)
  await organisationRoutes(app, ctx)
  await rolesRoutes(app, ctx)
  await settingsRoutes(app, ctx)
  await smsRoutes(app, ctx)
  await ssoRoutes(app, ctx)
  await toolRoutes(app, ctx)
  await syslogRoutes(app, ctx)
  await configureRoutes(app, ctx)
  const specPaths = specPathRoutes(app)
  await contentRoutes(app, ctx)
  await contentOperationRoutes(app, ctx)
  await contentExportRoutes(app, ctx)
  await regionRoutes(app, ctx)
  await contentSearchRoutes(app, ctx)
  await relationRoutes(app, ctx)
  await subjectModuleRoutes(app, ctx)
  await reviewRoutes(app, ctx)
  await contentVersionRoutes(app, ctx)
  await recordRoutes(app, ctx)
  specPaths.mount()
  await openAppRoutes(app, ctx)
  await splashScheduleRoutes(app, ctx)
  await communityRoutes(app, ctx)
  await processRoutes(app, ctx)
  await processStateRoutes(app, ctx)
  await processResourceRoutes(app, ctx)
  await reviewStatusRoutes(app, ctx)
  await commentRoutes(app, ctx)
  await commentReviewRoutes(app, ctx)
  await bulletRoutes(app, ctx)
  await mediaAccountsRoutes(app, ctx)
  await questionnairesRoutes(app, ctx)
  await activitiesRoutes(app, ctx)
  await uploadRoutes(app, ctx)
  await openCommunityRoutes(app, ctx)
  await votesRoutes(app, ctx)
  await couponsRoutes(app, ctx)
  await redPacketsRoutes(app, ctx)
  await noticesRoutes(app, ctx)
  await tasksRoutes(app, ctx)
  await pointsShopRoutes(app, ctx)
  await dumpRoutes(app, ctx)
  await tusRoutes(app, ctx)
  await directRoutes(app, ctx)
  await wordsRoutes(app, ctx)
  await mediaRoutes(app, ctx)
  await mediaCategoryRoutes(app, ctx)
  await jobRoutes(app, ctx)
  await previewRoutes(app, ctx)
  await editorRoutes(app, ctx)
  await editorTemplateRoutes(app, ctx)
  await registerWeb(app, opts.web === false ? undefined : findWebDist(ctx.config.webDist), () =>
    editorFrameOrigins(ctx),
  )
  return app
}
