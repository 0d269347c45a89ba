import fc from 'fast-check'

/** The subset of JSON Schema that zod's `toJSONSchema` (through @fastify/swagger) writes for our routes. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  format?: string
  pattern?: string
  nullable?: boolean
  default?: unknown
}

const INT4_OVER = 2 ** 31
const SAFE_MAX = Number.MAX_SAFE_INTEGER

/** Values a hostile or careless client sends in place of any field. */
export const hostileValues: unknown[] = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(100_001),
  INT4_OVER,
  SAFE_MAX,
  -1,
  1.5,
  '2147483648',
  null,
  true,
  {},
  [],
  [INT4_OVER],
  { id: INT4_OVER },
  '../../etc/passwd',
]

/** The same as query-string text. */
export const hostileQueryValues = [
  'a\u0000b',
  'x'.repeat(20_000),
  String(INT4_OVER),
  String(SAFE_MAX),
  '-1',
  'abc',
  '1e400',
]

/** A value the schema accepts, as a client that read the documentation would send (the probe's baseline). */
export function plausible(s: JsonSchema | undefined): unknown {
  if (!s) return 'a'
  if (s.const !== undefined) return s.const
  if (s.enum?.length) return s.enum[0]
  if (s.default !== undefined) return s.default
  const alt = s.anyOf ?? s.oneOf
  if (alt?.length) return plausible(alt.find((a) => a.type !== 'null') ?? alt[0])
  if (s.allOf?.length) return plausible(s.allOf[0])
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const k of s.required ?? []) out[k] = plausible(s.properties?.[k])
      return out
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => plausible(s.items))
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1)
    case 'boolean':
      return false
    case 'null':
      return null
    default:
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z'
      if (s.format === 'uri') return 'https://example.com/a'
      return 'a'.repeat(Math.max(1, s.minLength ?? 1))
  }
}

/** Any value the schema describes, a hostile one in place of any field now and then. */
export function arbitraryFor(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.constantFrom(...hostileValues)
  return fc.oneof({ weight: 6, arbitrary: typed(s, depth) }, { weight: 1, arbitrary: hostile })
}

function typed(s: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.jsonValue({ maxDepth: 2 })
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum?.length) return fc.constantFrom(...s.enum)
  const alt = s.anyOf ?? s.oneOf ?? s.allOf
  if (alt?.length) return fc.oneof(...alt.map((a) => arbitraryFor(a, depth + 1)))
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
  if (types.length > 1) return fc.oneof(...types.map((t) => typed({ ...s, type: t }, depth)))
  switch (types[0]) {
    case 'object': {
      const props = s.properties ?? {}
      const record = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryFor(v, depth + 1)])),
        { requiredKeys: (s.required ?? []).filter((k) => k in props) },
      )
      return record
    }
    case 'array':
      return fc.array(arbitraryFor(s.items, depth + 1), { maxLength: Math.min(s.maxItems ?? 4, 4) })
    case 'integer':
      return fc.integer({
        min: Math.max(s.minimum ?? -INT4_OVER, -INT4_OVER),
        max: Math.min(s.maximum ?? INT4_OVER, INT4_OVER),
      })
    case 'number':
      return fc.double({ noNaN: true, min: s.minimum, max: s.maximum })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'string':
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 24, 24) })
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}
