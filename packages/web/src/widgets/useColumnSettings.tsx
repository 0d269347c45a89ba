import { COLUMN_KEY_PATTERN, type TableDensity } from '@moc/domain/api/tableSettings'
import { orderedKeys, visibleKeys } from '@moc/domain/rules/columnSettings'
import type { TableColumnsType } from 'antd'
import { useLocation } from 'react-router'
import { usePreferences } from '../app/preferences.tsx'
import { ColumnSettingsButton } from './ColumnSettingsButton.tsx'

type Column<T> = TableColumnsType<T>[number]

/** A column's settings key: its `key`, else its `dataIndex`. */
function keyOf<T>(c: Column<T>): string | undefined {
  if (c.key !== undefined) return String(c.key)
  if ('dataIndex' in c && c.dataIndex !== undefined)
    return Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex)
  return undefined
}

/** Fixed columns (操作) and columns without a usable key stay where the list puts them. */
const configurable = <T,>(c: Column<T>) => !c.fixed && COLUMN_KEY_PATTERN.test(keyOf(c) ?? '')

/**
 * A list's column settings (列设置, decision 0036), refine-style: give it the list's columns, spread what it returns
 * on the antd Table (`columns`, `size`) and put `button` on the list's toolbar. Settings are the signed-in user's,
 * per list: the screen path (the kept tab's own, under 多页签), with `part` when one screen has several tables.
 */
export function useColumnSettings<T>(
  columns: TableColumnsType<T>,
  opts: { part?: string; defaultSize?: TableDensity } = {},
) {
  const { pathname } = useLocation()
  const tableKey = opts.part ? `${pathname}#${opts.part}` : pathname
  const { preferences, setTableSettings } = usePreferences()
  const saved = preferences.tables?.[tableKey]
  const defaultSize = opts.defaultSize ?? 'large'
  const size = saved?.density ?? defaultSize

  const byKey = new Map<string, Column<T>>()
  for (const c of columns) if (configurable(c)) byKey.set(keyOf(c)!, c)
  const keys = [...byKey.keys()]
  const firstConfigurable = columns.findIndex(configurable)
  const before =
    firstConfigurable < 0 ? [] : columns.slice(0, firstConfigurable).filter((c) => !configurable(c))
  const after = columns.filter((c, i) => !configurable(c) && (firstConfigurable < 0 || i > firstConfigurable))
  const shown = visibleKeys(keys, saved).map((k) => byKey.get(k)!)
  const hidden = (saved?.hidden ?? []).filter((k) => byKey.has(k))

  const button = keys.length ? (
    <ColumnSettingsButton
      columns={orderedKeys(keys, saved?.order).map((key) => {
        const title = byKey.get(key)!.title
        return { key, title: typeof title === 'string' ? title : key }
      })}
      hidden={hidden}
      density={size}
      onChange={({ order, hidden: nextHidden, density }) => {
        // Columns this view lacks (another tab of the list shows them) keep their saved choice.
        const elsewhere = (list: string[] | undefined) => (list ?? []).filter((k) => !byKey.has(k))
        const allHidden = [...elsewhere(saved?.hidden), ...nextHidden]
        setTableSettings(tableKey, {
          // Saved only once the user changed them, so a list's own defaults can still evolve.
          ...(order.join() !== keys.join() ? { order: [...order, ...elsewhere(saved?.order)] } : {}),
          ...(allHidden.length ? { hidden: allHidden } : {}),
          ...(density !== defaultSize ? { density } : {}),
        })
      }}
      onReset={() => setTableSettings(tableKey, {})}
    />
  ) : null

  return { columns: [...before, ...shown, ...after] as TableColumnsType<T>, size, button }
}
