import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { HIGHLIGHT_PARAM } from './derive.ts'
import './rowHighlight.css'

/** How long the saved item's row stays marked. */
export const ROW_HIGHLIGHT_MS = 4000

/**
 * The row of `?highlight=<id>`, once it is among the rows shown: scrolled into view and marked for a few seconds
 * (the class `moc-row-highlight`). Returns the table's `rowClassName`.
 */
export function useRowHighlight(rows: readonly { id: number }[]) {
  const [params] = useSearchParams()
  const wanted = Number(params.get(HIGHLIGHT_PARAM)) || undefined
  const shown = wanted !== undefined && rows.some((r) => r.id === wanted)
  const [marked, setMarked] = useState<number>()
  useEffect(() => {
    if (!shown) return
    setMarked(wanted)
    document.querySelector(`tr[data-row-key="${wanted}"]`)?.scrollIntoView({ block: 'center' })
    const timer = setTimeout(() => setMarked(undefined), ROW_HIGHLIGHT_MS)
    return () => clearTimeout(timer)
  }, [shown, wanted])
  return (row: { id: number }) => (row.id === marked ? 'moc-row-highlight' : '')
}
