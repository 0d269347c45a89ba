import { contentResources, recordResources } from '@moc/domain/resources/index'
import { type PageRight, pickRights } from '@moc/domain/resources/pickRights'
import { permissionFor, supportsAction } from '@moc/domain/resources/types'
import type { Access, PageAccess } from '../src/platform/access.ts'
import type { RouteAccess } from '../src/platform/guard.ts'

/** A route's permission as the matrix tries it; `orAlso`: other rights that pass it too (a picker's, pickRights). */
export type StaticAccess =
  | Exclude<Access, { resource: unknown } | { by: unknown } | PageAccess>
  | (PageAccess & { orAlso?: PageRight[] })

/**
 * A route as the matrix tries it: a `{ resource }` route (permission resolved per request from the content
 * kind) becomes one case per kind it serves, with `?kind=` in the URL and that kind's page + action.
 */
export function cases(r: RouteAccess): { route: RouteAccess; access: StaticAccess; query: string }[] {
  const a = r.access
  // A spec path choosing among engine routes (tags by `type`): the cases of each, with its value in the query.
  if (typeof a === 'object' && 'by' in a)
    return Object.entries(a.routes).flatMap(([key, access]) =>
      cases({ ...r, access }).map((c) => ({ ...c, query: `?${a.by}=${key}${c.query.replace('?', '&')}` })),
    )
  if (typeof a === 'string' || !('resource' in a)) return [{ route: r, access: a, query: '' }]
  // A record-store route names its definition: its page, and the route's own action or the resource action's.
  if (a.record) {
    const def = recordResources.get(a.record)
    if (!def) throw new Error(`${r.method} ${r.url}: no record definition ${a.record}`)
    // A picker: each right that passes it is a case, and "without" it lacks them all.
    if (a.picks) {
      const rights = pickRights(def)
      return rights.map((right) => ({ route: r, access: { ...right, orAlso: rights }, query: '' }))
    }
    const access = a.queue
      ? { page: def.review!.permissionPage, action: '审核' as const }
      : { page: def.permissionPage, action: a.action ?? permissionFor(def, a.resource) }
    return [{ route: r, access, query: '' }]
  }
  const defs = [...contentResources.values()].filter((d) => !a.kind || d.storage.kind === a.kind)
  if (!defs.length) throw new Error(`${r.method} ${r.url}: no resource definition for kind ${a.kind}`)
  // A review-queue route: the queue's page + 审核, the definition chosen by `resType`.
  if (a.queue)
    return defs
      .filter((d) => d.review)
      .map((d) => ({
        route: r,
        access: { page: d.review!.permissionPage, action: '审核' as const },
        query: `?resType=${d.review!.resType}`,
      }))
  // Kinds whose page lacks the action are refused before any permission check (supportsAction).
  return defs
    .filter((d) => supportsAction(d, a.resource))
    .map((d) => ({
      route: r,
      access: { page: d.permissionPage, action: permissionFor(d, a.resource) },
      query: `?kind=${d.storage.kind}`,
    }))
}
