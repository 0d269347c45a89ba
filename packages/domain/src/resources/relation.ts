import type { FieldDef } from './types.ts'

/**
 * The resource a relation field's items are of, given the item's other values (FieldDef.relation.by);
 * undefined when the field is no relation or the chosen value has no related resource yet.
 */
export function relatedResourceName(f: FieldDef, values: Record<string, unknown>): string | undefined {
  if (f.kind !== 'relation' || !f.relation) return undefined
  const by = f.relation.by
  if (!by) return f.relation.resource
  const v = values[by.field]
  return typeof v === 'string' ? by.resources[v] : undefined
}

/** Every resource a relation or modules field may name items of (its `anyOf`, else `by` values, else one). */
export function relationResources(f: FieldDef): string[] {
  const r = f.relation
  if (!r) return []
  return r.anyOf ?? (r.by ? Object.values(r.by.resources) : [r.resource])
}

/** A subject-like module: a name and its items' ids in order (FieldDef kind 'modules'). */
export interface ContentModule {
  name: string
  items: number[]
}

/** The item ids a relation or modules value names, in order (modules flattened, module by module). */
export function relationIds(f: FieldDef, v: unknown): number[] {
  if (!Array.isArray(v)) return []
  if (f.kind === 'modules')
    return (v as ContentModule[]).flatMap((m) => (Array.isArray(m?.items) ? m.items : []))
  return v as number[]
}
