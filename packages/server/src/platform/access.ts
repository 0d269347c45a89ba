import type { ActionName } from '@moc/domain/permissions/actions'
import type { ResourceAction } from '@moc/domain/resources/types'

/**
 * A resource-engine route: the permission is the resource definition's page + permissionFor(def, resource),
 * resolved per request from the content `kind` (the route's fixed kind, else the body's `kind`, else the
 * query's `kind`); see guard.ts. An unknown kind is a 400 before any handler runs.
 */
export interface ResourceAccess {
  resource: ResourceAction
  kind?: string
  /** A record-store route (DESIGN §4): the definition by name, fixed by the route. */
  record?: string
  /**
   * The permission action when it is not the resource action's (a command's or a machine transition's own action,
   * e.g. 核销): checked on the definition's page as given.
   */
  action?: ActionName
  /** The kind when the request names none (a spec call listed under one type, e.g. contentOperationInfo). */
  kindDefault?: string
  /**
   * A review-queue route (docs/decisions/0007): the permission is the definition's `review.permissionPage` +
   * 审核, and the definition is resolved from the review `resType` (body, else query) instead of `kind`.
   */
  queue?: true
  /**
   * A ref picker's rows (`GET /api/<name>/picks`, record store): the definition's list right, or a writing right on a
   * definition that refers to it (pickRights).
   */
  picks?: true
}

/** A permission page + action (the guard checks it as it stands). */
export interface PageAccess {
  page: string
  action: ActionName
}

/**
 * A spec path serving several engine routes (specPaths.ts, SpecAlias.when), or one route serving several screens
 * (the comment calls: a content type's comments, or the community's 评论管理): the request's `by` value (body, else
 * query; `fallback` when it gives none) chooses one, whose access applies. A value naming none is a 400.
 */
export interface ChosenAccess {
  by: string
  fallback?: string
  routes: Record<string, 'signedIn' | ResourceAccess | PageAccess>
}

/**
 * What a route requires; every API route must declare one (the app refuses to start otherwise):
 * 'public' (anyone), 'signedIn' (any signed-in account), 'superAdmin' (roleId 1), a permission page + action,
 * a resource action (ResourceAccess), or one of several chosen by the request (ChosenAccess); 'appUser' (an app
 * user's own session, `Authorization: Bearer`, never a console one: decision 0041).
 */
export type Access =
  | 'public'
  | 'signedIn'
  | 'appUser'
  | 'superAdmin'
  | PageAccess
  | ResourceAccess
  | ChosenAccess

/**
 * Whether a route changes resource items only (a resource-engine route, content or record store), never accounts,
 * roles, departments, sessions, processes or words; such writes keep the caches of those (readCaches.ts). An app
 * user's writes (posts, comments, reports, memberships) are of that kind too.
 */
export const changesContentOnly = (access: Access | undefined) =>
  access === 'appUser' || (typeof access === 'object' && ('resource' in access || 'by' in access))

/** The static permission page of an access rule, '' when it has none or it depends on the request. */
export const staticPage = (access: Access | undefined): string =>
  typeof access === 'object' && 'page' in access ? access.page : ''
