import { VERIFY_STATE } from '@moc/domain/resources/index'
import { and, eq, gte, isNull, lte, ne, or, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { content } from '../../db/schema.ts'
import { circle, post } from '../../db/tables/community.ts'
import { mediaAccount } from '../../db/tables/media.ts'
import type { AppUserPrincipal } from './appSessions.ts'

/** What the app-facing community calls share (decision 0041). */

export const openTags = ['App 开放接口-社区']

export const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The app user of an 'appUser' route (the guard has set it). */
export function appUserOf(req: FastifyRequest): AppUserPrincipal {
  if (!req.appUser) throw new Error("appUserOf needs a route declaring access 'appUser'")
  return req.appUser
}

/** Names the app user and the target in the operation log (an app user is no console account). */
export function auditApp(req: FastifyRequest, target: string, targetName = '') {
  const u = req.appUser
  if (u) req.auditInfo.username = `App用户#${u.userId}`
  req.auditInfo.target = target
  req.auditInfo.targetName = targetName
}

/**
 * Content the app may show, with `mediaAccount` left-joined: approved, shown, not recycled, in its display window
 * (spec §4: flag on, started, not ended), and not under a frozen media account (media_account.state 'frozen'; a locked one's stays).
 */
export const liveContent = (now: Date): SQL =>
  and(
    eq(content.verifyState, VERIFY_STATE.passed),
    eq(content.showState, true),
    isNull(content.recycledAt),
    eq(content.displayFlag, 1),
    or(isNull(content.displayStart), lte(content.displayStart, now)),
    or(isNull(content.displayEnd), gte(content.displayEnd, now)),
    or(isNull(mediaAccount.id), ne(mediaAccount.state, 'frozen')),
  )!

/** A circle the app shows: approved and 开启. */
export const visibleCircle: SQL = and(
  eq(circle.verifyState, VERIFY_STATE.passed),
  eq(circle.showState, true),
)!

/** A post the app shows (with `circle` joined): published, shown, not recycled, in a circle the app shows. */
export const livePost: SQL = and(
  eq(post.verifyState, VERIFY_STATE.passed),
  eq(post.showState, true),
  isNull(post.recycledAt),
  visibleCircle,
)!

/** `{items, total}` of a page: offset from the page number. */
export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize
