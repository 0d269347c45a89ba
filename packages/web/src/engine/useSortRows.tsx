import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { type DragEvent, useRef } from 'react'
import { api } from '../api/client.ts'
import { MoveButtons } from '../widgets/MoveButtons.tsx'
import { reorderedIds, resourceApi } from './derive.ts'
import { listQueryKey } from './useResourceList.ts'

/**
 * 排序 of a sortable record type (decision 0037): within the page on screen, a row moves up or down (buttons, for
 * the keyboard) or is dragged to another row; the page's ids go to POST /api/<name>/sort in their new order, and the
 * rows swap among the places they held.
 */
export function useSortRows(def: ResourceDef, rows: readonly { id: number; title?: unknown }[], on: boolean) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const dragged = useRef<number>(undefined)
  const sort = useMutation({
    mutationFn: (ids: number[]) => api.post(resourceApi(def).sort!, { ids }),
    onSuccess: () => {
      message.success('排序成功', TOAST_SUCCESS_S)
      return queryClient.invalidateQueries({ queryKey: listQueryKey(def) })
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const ids = rows.map((r) => r.id)
  const move = (from: number, to: number) => {
    if (from === to || sort.isPending) return
    sort.mutate(reorderedIds(ids, from, to))
  }

  const buttons = (row: { id: number; title?: unknown }) => (
    <MoveButtons
      key="move"
      name={`「${String(row.title ?? row.id)}」`}
      index={ids.indexOf(row.id)}
      count={ids.length}
      disabled={sort.isPending}
      onMove={move}
    />
  )

  /** The table row's drag handlers (the buttons do the same from the keyboard). */
  const onRow = (_: unknown, index?: number) =>
    on && index !== undefined
      ? {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            dragged.current = index
            e.dataTransfer.effectAllowed = 'move'
          },
          onDragOver: (e: DragEvent) => e.preventDefault(),
          onDrop: (e: DragEvent) => {
            e.preventDefault()
            if (dragged.current !== undefined) move(dragged.current, index)
            dragged.current = undefined
          },
        }
      : {}

  return { buttons, onRow, busy: sort.isPending }
}
