import { recordResources } from '@moc/domain/resources/index'
import type { FieldDef } from '@moc/domain/resources/types'
import { createContext, useContext } from 'react'
import { Link } from 'react-router'
import { api } from '../api/client.ts'
import { PagedSelect } from '../widgets/PagedSelect.tsx'
import type { PickOption } from '../widgets/recentPicks.ts'
import type { Paged } from '../widgets/usePagedQuery.ts'
import { resourceApi } from './derive.ts'

/**
 * A `ref` field (FieldDef.ref): the id (or, on a tags field, the ids) of another record-store definition's rows, shown
 * by their names. Lists and
 * details answer the names (`refs`), so a reader needs no right on the other definition to see them; the form picks
 * from the other definition's picker rows (GET /api/<name>/picks: id and name, open to the referring form's writers).
 */

/** The names the detail answered for its ref fields, by field (what a read-only form shows). */
export const RefNames = createContext<Record<string, string>>({})

type Ref = { resource: string }

const targetOf = (ref: Ref) => {
  const def = recordResources.get(ref.resource)
  if (!def) throw new Error(`ref to ${ref.resource}: not a record-store definition`)
  return def
}

/**
 * A ref's name as a link to the row's screen (its detail, else its list), or the bare id when it is gone; `to` names
 * the definition the row is when another of its table (an operator account where app users are referred to).
 */
export function RefLink({
  field,
  id,
  name,
  to,
}: {
  field: FieldDef & { ref: Ref }
  id: number
  name?: string
  to?: string
}) {
  const def = targetOf(to ? { resource: to } : field.ref)
  const text = name ?? `#${id}`
  const screen = def.screens.detail ?? def.screens.edit
  return screen ? <Link to={`${screen}?id=${id}`}>{text}</Link> : text
}

/** The form's picker of a ref field: a paged select over the other definition's rows. */
export function RefSelect({
  field,
  fieldName,
  ...rest
}: {
  id?: string
  field: FieldDef & { ref: Ref }
  fieldName: string
  value?: number | number[] | null
  onChange?: (v: number | number[] | null) => void
  disabled?: boolean
  autoFocus?: boolean
}) {
  // A tags field holds several ids (a user's tags), a number field one.
  const multiple = field.kind === 'tags'
  const known = useContext(RefNames)
  const picks = resourceApi(targetOf(field.ref)).picks
  const options = (p: Paged<{ id: number; title: string }>) => ({
    ...p,
    items: p.items.map((r): PickOption => ({ id: r.id, name: r.title })),
  })
  return (
    <PagedSelect
      {...rest}
      multiple={multiple}
      max={field.max}
      onChange={(v) =>
        rest.onChange?.(multiple ? (Array.isArray(v) ? v : []) : typeof v === 'number' ? v : null)
      }
      listKey={`ref:${field.ref.resource}`}
      placeholder={`请选择${field.label}`}
      fetchPage={async ({ page, pageSize, keyword }) =>
        options(
          await api.get<Paged<{ id: number; title: string }>>(picks, {
            page,
            pageSize,
            ...(keyword ? { keyword } : {}),
          }),
        )
      }
      fetchByIds={async (ids) => {
        const name = known[fieldName]
        if (name && ids.length === 1 && !multiple) return [{ id: ids[0]!, name }]
        const found = await api.get<Paged<{ id: number; title: string }>>(picks, {
          ids: ids.join(','),
          pageSize: ids.length,
        })
        return options(found).items
      }}
    />
  )
}
