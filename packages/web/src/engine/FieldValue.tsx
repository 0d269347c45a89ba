import { resolvedNames } from '../widgets/ResolvedNames.tsx'
import { displayValue } from './displayValue.ts'

/** A field value in a read-only view (review detail, version diff): names for tag / 媒体号 ids, else as text. */
export function FieldValue({ kind, value }: { kind: string; value: unknown }) {
  return resolvedNames(kind, value) ?? displayValue(kind, value)
}
