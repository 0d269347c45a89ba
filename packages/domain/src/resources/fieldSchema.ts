import { z } from 'zod'
import { isRichTextEmpty, richTextWithin } from '../rules/htmlText.ts'
import { idSchema } from '../transport/ids.ts'
import type { FieldDef, ResourceDef } from './types.ts'

const DEFAULT_TEXT_MAX = 1000
const DEFAULT_RICH_TEXT_MAX = 500_000
const MAX_COUNT = 2_000_000_000
/** A `modules` field (a subject's modules, spec gap): name length, modules per item, items per module. */
export const MODULE_NAME_MAX = 20
export const MODULE_NAME_REQUIRED = '请输入模块名称'
const MODULES_MAX = 20
const MODULE_ITEMS_MAX = 100

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
      const s = z
        .string(invalid)
        .trim()
        .max(f.max ?? DEFAULT_TEXT_MAX, `${f.label}不能超过${f.max ?? DEFAULT_TEXT_MAX}个字`)
      return f.required ? s.min(1, `请输入${f.label}`) : s.default(String(f.default ?? ''))
    }
    case 'richText': {
      // The limit counts what a reader sees, as the editor's counter does (decision 0035), not the markup.
      const max = f.max ?? DEFAULT_RICH_TEXT_MAX
      const s = z.string(invalid).refine((v) => richTextWithin(v, max), `${f.label}过长`)
      // Spec §5: a body of empty paragraphs is empty too (no text and no image).
      return f.required ? s.refine((v) => !isRichTextEmpty(v), `请输入${f.label}`) : s.default('')
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
      return f.required ? s.min(1, `请上传${f.label}`) : s.default('')
    }
    case 'number':
      // Spec §5 operations counts: empty is accepted (null); otherwise a non-negative integer.
      return z.preprocess(
        (v) =>
          v === '' || v === undefined ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
        z
          .number(invalid)
          .int(invalid)
          .min(f.min ?? 0, invalid)
          .max(f.max ?? MAX_COUNT, invalid)
          .nullable(),
      )
    case 'switch':
      return z.boolean(invalid).default(Boolean(f.default ?? false))
    case 'select': {
      const keys = Object.keys(f.options ?? {})
      const s = z.enum(keys as [string, ...string[]], invalid)
      return f.required ? s : s.optional()
    }
    case 'datetime':
      return z.iso.datetime({ offset: true, error: invalid }).nullable().default(null)
    case 'tags':
    case 'relation':
      return z
        .array(idSchema, invalid)
        .max(f.max ?? 100, invalid)
        .default([])
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
  }
}

/** The object schema of a definition's editable fields (form fields that are not read-only). */
export function fieldsSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {}
  const conditional: [string, FieldDef][] = []
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.form === false || f.readOnly) continue
    // A field that applies only under another's value (FieldDef.when) is optional, and required then only.
    shape[name] = fieldSchema(f.when && f.required ? { ...f, required: false } : f)
    if (f.when && f.required) conditional.push([name, f])
  }
  const object = z.object(shape)
  if (!conditional.length) return object
  return object.superRefine((v: Record<string, unknown>, ctx) => {
    for (const [name, f] of conditional) {
      if (v[f.when!.field] !== f.when!.value) continue
      const checked = fieldSchema(f).safeParse(v[name] ?? '')
      if (!checked.success)
        for (const issue of checked.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: [name] })
    }
  })
}
