import type { FieldDef } from '@moc/domain/resources/types'
import { fieldRules } from '../src/engine/derive.ts'

type Rule = { required?: boolean; message?: string; validator?: (r: unknown, v: unknown) => Promise<void> }

const empty = (v: unknown) =>
  v === undefined || v === null || (Array.isArray(v) ? v.length === 0 : String(v).trim() === '')

/** Runs a field's rules as antd does and returns the first message, or undefined when the value passes. */
export async function firstError(name: string, f: FieldDef, v: unknown) {
  for (const r of fieldRules(name, f) as Rule[]) {
    if (r.required && empty(v)) return r.message
    if (r.validator)
      try {
        await r.validator({}, v)
      } catch (e) {
        return (e as Error).message
      }
  }
  return undefined
}
