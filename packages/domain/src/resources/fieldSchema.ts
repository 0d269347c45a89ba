import { z } from 'zod'
import { isRichTextEmpty, richTextWithin } from '../rules/htmlText.ts'
import { firstInverted, firstOverlap } from '../rules/noOverlap.ts'
import { idSchema } from '../transport/ids.ts'
import { type FieldDef, type ResourceDef, whenHolds } from './types.ts'

const DEFAULT_TEXT_MAX = 1000
const DEFAULT_RICH_TEXT_MAX = 500_000
const MAX_COUNT = 2_000_000_000
/** A `modules` field (a subject's modules, spec gap): name length, modules per item, items per module. */
export const MODULE_NAME_MAX = 20
export const MODULE_NAME_REQUIRED = '请输入模块名称'
const MODULES_MAX = 20
const MODULE_ITEMS_MAX = 100

/** Kinds whose value is an uploaded file: asked for with 请上传. */
const UPLOADED: ReadonlySet<FieldDef['kind']> = new Set(['image', 'video', 'file', 'imageList'])
/** Kinds whose value is picked from choices: asked for with 请选择. */
const CHOSEN: ReadonlySet<FieldDef['kind']> = new Set([
  'select',
  'multiSelect',
  'switch',
  'datetime',
  'tags',
  'mediaAccount',
  'relation',
])

/** The message of a required field left empty, the same in the form and on the server: 请上传 / 请选择 / 请添加 / 请输入. */
export const requiredMessage = (f: Pick<FieldDef, 'kind' | 'label' | 'ref'>) =>
  `${UPLOADED.has(f.kind) ? '请上传' : CHOSEN.has(f.kind) || f.ref ? '请选择' : f.kind === 'children' ? '请添加' : '请输入'}${f.label}`

/** A link the console stores: http(s) or a path on this site. */
export const isLink = (v: string) => v === '' || /^(https?:\/\/|\/(?!\/))/i.test(v)

/**
 * The zod schema of one field's submitted value (server validation and the web form share it). Optional
 * fields take their default when left out; messages are Chinese (FieldDef.invalid, spec §5).
 */
export function fieldSchema(f: FieldDef): z.ZodType {
  const invalid = f.invalid ?? `${f.label}填写有误`
  switch (f.kind) {
    case 'text':
    case 'textarea': {
      const pattern = f.pattern
      const text = z
        .string(invalid)
        .trim()
        .max(f.max ?? DEFAULT_TEXT_MAX, `${f.label}不能超过${f.max ?? DEFAULT_TEXT_MAX}个字`)
      const s = pattern ? text.refine((v) => v === '' || pattern.test(v), invalid) : text
      return f.required ? s.min(1, requiredMessage(f)) : s.default(String(f.default ?? ''))
    }
    case 'richText': {
      // The limit counts what a reader sees, as the editor's counter does (decision 0035), not the markup.
      const max = f.max ?? DEFAULT_RICH_TEXT_MAX
      const s = z.string(invalid).refine((v) => richTextWithin(v, max), `${f.label}过长`)
      // Spec §5: a body of empty paragraphs is empty too (no text and no image).
      return f.required ? s.refine((v) => !isRichTextEmpty(v), requiredMessage(f)) : s.default('')
    }
    case 'image':
    case 'video':
    case 'file':
    case 'url': {
      const s = z
        .string(invalid)
        .trim()
        .max(f.max ?? DEFAULT_TEXT_MAX, invalid)
        .refine(isLink, invalid)
      return f.required ? s.min(1, requiredMessage(f)) : s.default('')
    }
    case 'number': {
      // Spec §5 operations counts: empty is accepted (null); otherwise a non-negative integer. A required number is
      // never empty; left out, a number takes its default.
      const fallback = typeof f.default === 'number' ? f.default : null
      const n = z
        .number(invalid)
        .int(invalid)
        .min(f.min ?? 0, invalid)
        .max(f.max ?? MAX_COUNT, invalid)
        .nullable()
      return z.preprocess(
        (v) =>
          v === undefined
            ? fallback
            : v === ''
              ? null
              : typeof v === 'string' && /^\d+$/.test(v)
                ? Number(v)
                : v,
        f.required ? n.refine((v) => v !== null, requiredMessage(f)) : n,
      )
    }
    case 'switch':
      return z.boolean(invalid).default(Boolean(f.default ?? false))
    case 'select': {
      const keys = Object.keys(f.options ?? {})
      const s = z.enum(keys as [string, ...string[]], invalid)
      return f.required ? s : s.optional()
    }
    case 'datetime': {
      const s = z.iso.datetime({ offset: true, error: invalid }).nullable()
      return f.required
        ? z.preprocess(
            (v) => (v === undefined || v === '' ? null : v),
            s.refine((v) => v !== null, requiredMessage(f)),
          )
        : s.default(null)
    }
    case 'tags':
    case 'relation': {
      const s = z.array(idSchema, invalid).max(f.max ?? 100, invalid)
      return f.required ? s.min(1, requiredMessage(f)) : s.default([])
    }
    case 'modules':
      return z
        .array(
          z.object({
            name: z
              .string(invalid)
              .trim()
              .min(1, MODULE_NAME_REQUIRED)
              .max(MODULE_NAME_MAX, `模块名称不能超过${MODULE_NAME_MAX}个字`),
            items: z.array(idSchema, invalid).max(MODULE_ITEMS_MAX, invalid),
          }),
          invalid,
        )
        .max(f.max ?? MODULES_MAX, `${f.label}不能超过${f.max ?? MODULES_MAX}个`)
        .default([])
    case 'mediaAccount':
      return f.required
        ? z.number(invalid).int().positive()
        : z.number(invalid).int().positive().nullable().default(null)
    case 'multiSelect': {
      const keys = Object.keys(f.options ?? {}) as [string, ...string[]]
      const s = z.array(z.enum(keys, invalid), invalid).max(keys.length, invalid)
      return f.required ? s.min(1, requiredMessage(f)) : s.default([])
    }
    case 'imageList': {
      const max = f.max ?? IMAGE_LIST_MAX
      const s = z
        .array(z.string(invalid).trim().max(DEFAULT_TEXT_MAX, invalid).refine(isLink, invalid), invalid)
        .max(max, `${f.label}最多${max}张`)
      return f.required ? s.min(1, requiredMessage(f)) : s.default([])
    }
    case 'children':
      return childrenSchema(f)
  }
}

const CHILDREN_MAX = 100
const IMAGE_LIST_MAX = 9

/**
 * A child collection's rows (ChildrenDef): each row's fields as the form's, plus the id of a row kept from before
 * (rows without one are new; rows left out are deleted); at most `max`; the no-overlap rule across rows.
 */
function childrenSchema(f: FieldDef): z.ZodType {
  const c = f.children!
  const max = c.max ?? CHILDREN_MAX
  const row = fieldsSchema({ fields: c.fields }).extend({ id: idSchema.optional() })
  let rows = z
    .array(row, f.invalid ?? `${f.label}填写有误`)
    .max(max, `${f.label}不能超过${max}条`)
    .default([])
  if (f.required) rows = rows.refine((v) => v.length > 0, requiredMessage(f)) as unknown as typeof rows
  const rule = c.noOverlap
  if (!rule) return rows
  const inverted = `${c.fields[rule.start]?.label}不能大于${c.fields[rule.end]?.label}`
  return rows.superRefine((v, ctx) => {
    const list = v as Record<string, unknown>[]
    const bad = firstInverted(list, rule)
    if (bad >= 0) ctx.addIssue({ code: 'custom', message: inverted, path: [bad] })
    const clash = firstOverlap(list, rule)
    if (clash) ctx.addIssue({ code: 'custom', message: rule.message, path: [clash[1]] })
  })
}

/** A `when` field's value its own schema refused, kept until it is known whether the field applies. */
class Refused {
  constructor(readonly raw: unknown) {}
}

const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)

/** The object schema of a definition's editable fields (form fields that are not read-only). */
export function fieldsSchema(def: Pick<ResourceDef, 'fields'>) {
  const shape: Record<string, z.ZodType> = {}
  const conditional: [string, FieldDef][] = []
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.form === false || f.readOnly) continue
    // A field that applies only under another's value (FieldDef.when) is checked then only (and required then only):
    // otherwise what it holds is ignored (the form hides it; the server keeps the stored value).
    if (!f.when) {
      shape[name] = fieldSchema(f)
      continue
    }
    // Read by its schema (as optional); a value it refuses is kept aside (the document shows the field's own type).
    shape[name] = fieldSchema({ ...f, required: false }).catch(
      (c: { input: unknown }) => new Refused(c.input) as never,
    )
    conditional.push([name, f])
  }
  const object = z.object(shape)
  if (!conditional.length) return object
  // Each such field is settled here: when it applies, a refused value reports the field's messages and an empty one
  // the required message; when it does not, a refused value is dropped (never stored).
  return object.superRefine((v: Record<string, unknown>, ctx) => {
    for (const [name, f] of conditional) {
      const value = v[name]
      if (!whenHolds(f.when!, v[f.when!.field])) {
        if (value instanceof Refused) delete v[name]
        continue
      }
      const messages =
        value instanceof Refused
          ? (fieldSchema(f)
              .safeParse(value.raw)
              .error?.issues.map((i) => i.message) ?? [])
          : f.required && isEmptyValue(value)
            ? [requiredMessage(f)]
            : []
      for (const message of messages) ctx.addIssue({ code: 'custom', message, path: [name] })
    }
  })
}
