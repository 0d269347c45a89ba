import type { FieldDef } from '@moc/domain/resources/types'
import { resolvedNames } from '../widgets/ResolvedNames.tsx'
import { displayValue, fieldText } from './displayValue.ts'

/**
 * A field value in a read-only view (review detail, version diff): names for tag / 媒体号 ids; knowing the field,
 * option labels and child rows (fieldText); else as text.
 */
export function FieldValue({ kind, value, field }: { kind: string; value: unknown; field?: FieldDef }) {
  return resolvedNames(kind, value) ?? (field ? fieldText(field, value) : displayValue(kind, value))
}
