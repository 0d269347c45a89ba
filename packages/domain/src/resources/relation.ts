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
