import type { FieldDef } from '@moc/domain/resources/types'
import { resolvedNames } from '../widgets/ResolvedNames.tsx'
import { displayValue, fieldText } from './displayValue.ts'

/**
 * A field value in a read-only view (review detail, version diff): names for tag / 媒体号 ids; a file or link as a link
 * that opens apart (a reviewer reads a certificate); knowing the field, option labels and child rows (fieldText); else
 * as text.
 */
export function FieldValue({ kind, value, field }: { kind: string; value: unknown; field?: FieldDef }) {
  if ((kind === 'file' || kind === 'url') && typeof value === 'string' && value)
    return (
      <a href={value} target="_blank" rel="noopener noreferrer">
        {value.split('?')[0]}
      </a>
    )
  return resolvedNames(kind, value) ?? (field ? fieldText(field, value) : displayValue(kind, value))
}
