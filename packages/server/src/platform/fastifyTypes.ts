import type { ResourceDef } from '@moc/domain/resources/types'
import type { AppUserPrincipal } from '../modules/community/appSessions.ts'
import type { Access } from './access.ts'
import type { MarkedRequest } from './codec.ts'
import type { RouteAccess } from './guard.ts'
import type { Principal } from './sessions.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access, in registration order. */
    accessTable: RouteAccess[]
  }
  interface FastifyContextConfig {
    access?: Access
    /** Operation-log action name (Chinese) for mutating calls; defaults to `METHOD url`. */
    audit?: string
    /** Further action names the handler may log instead of `audit` (set through `auditInfo.action`). */
    auditAlso?: string[]
    /** Not written to the operation log (tus PATCH chunks: the upload's creation and result are). */
    auditSkip?: true
    /**
     * The operation log's page where it is not the access rule's: the screen the route serves when its permission
     * is another page's (组织架构's calls need 系统-账号 编辑), or 'screen' for calls made from many screens (上传文件,
     * 敏感词检测): the page of the screen the request names (SCREEN_HEADER), if the caller may open it (auditLog.ts).
     */
    auditPage?: string

    /** Message for a missing or expired session on this route (the demo backend says 'Unauthorised'). */
    authMessage?: string
  }
  interface FastifyRequest {
    principal: Principal | null
    /** The app user of an 'appUser' route (decision 0041); null on every other route. */
    appUser: AppUserPrincipal | null
    codecMark: MarkedRequest | undefined
    /** Filled by handlers so the operation log can name the target and an anonymous actor. */
    auditInfo: {
      /** When the request arrived: the operation log's time. */
      startedAt: Date
      target?: string
      /** What the target is, in words (titles, names), as it is when the log row is written. */
      targetName?: string
      adminId?: number
      username?: string
      action?: string
      page?: string
      /** The handler wrote the log row itself, with its change (auditLog.ts auditRow). */
      written?: boolean
    }
    /** The resource definition a `{ resource }` route acts on, resolved and authorised by the guard. */
    resource: ResourceDef | null
    resultCode: number
  }
}
