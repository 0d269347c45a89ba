import type { ActionName } from '../permissions/actions.ts'
import { resources } from './index.ts'
import { type FieldDef, permissionFor, type ResourceDef, supportsAction } from './types.ts'

/** A permission page and one of its actions. */
export interface PageRight {
  page: string
  action: ActionName
}

/** Whether fields (or a children field's) refer to `name`, among those `which` takes. */
const refsTo = (
  fields: Record<string, FieldDef> | undefined,
  name: string,
  which: (f: FieldDef) => boolean,
): boolean =>
  Object.values(fields ?? {}).some(
    (f) => (f.ref?.resource === name && which(f)) || refsTo(f.children?.fields, name, which),
  )
const writable = (f: FieldDef) => !f.readOnly && !f.derived
const searched = (f: FieldDef) => f.search === true
const any = () => true

/**
 * Who may read a definition's picker rows (id and name, GET /api/<name>/picks): whoever may list it, and whoever may
 * write a field that refers to it — a notice's editor picks 指定用户 without the right to open 用户管理, a shop
 * item's editor its coupon without 优惠券管理. The rights: the form's create and update when it writes the ref, a
 * command's or a transition's action when its dialog asks for it, the list's when its search offers it.
 */
export function pickRights(target: ResourceDef): PageRight[] {
  const rights = known.get(target.name) ?? rightsOf(target)
  known.set(target.name, rights)
  return rights
}
const known = new Map<string, PageRight[]>()

function rightsOf(target: ResourceDef): PageRight[] {
  const out: PageRight[] = [{ page: target.permissionPage, action: permissionFor(target, 'list') }]
  for (const d of Object.values(resources as Record<string, ResourceDef>)) {
    const right = (action: ActionName) => out.push({ page: d.permissionPage, action })
    if (refsTo(d.fields, target.name, writable))
      for (const a of ['create', 'update'] as const) if (supportsAction(d, a)) right(permissionFor(d, a))
    // The list's search by a ref field picks too.
    if (refsTo(d.fields, target.name, searched)) right(permissionFor(d, 'list'))
    for (const c of Object.values(d.commands ?? {})) if (refsTo(c.input, target.name, any)) right(c.action)
    for (const tr of Object.values(d.machine?.transitions ?? {}))
      if (refsTo(tr.input, target.name, any)) right(tr.action)
  }
  const unique = new Map(out.map((r) => [`${r.page}\u0000${r.action}`, r]))
  return [...unique.values()]
}
