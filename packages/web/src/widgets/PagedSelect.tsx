import {
  LOAD_MORE_DEBOUNCE_MS,
  LOAD_MORE_DISTANCE_PX,
  LOAD_MORE_THROTTLE_MS,
  PAGED_SELECT_PAGE_SIZE,
  PAGED_SELECT_WIDTH,
  TOAST_ERROR_S,
} from '@moc/domain/constants'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Select } from 'antd'
import { type UIEvent, useEffect, useRef, useState } from 'react'
import { type PickOption, readRecent, rememberRecent } from './recentPicks.ts'
import type { Paged } from './usePagedQuery.ts'
import './widgets.css'

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300

type Value = number | number[] | null | undefined
type Labelled = { value: number; label: string }

export interface PagedSelectProps {
  id?: string
  value?: Value
  onChange?: (value: number | number[] | null) => void
  multiple?: boolean
  /** Most values a multiple select takes. */
  max?: number
  /** Cache key of this list (e.g. 'tags:0'); also names its recent list. */
  listKey: string
  /** One page of options whose name contains `keyword` (spec §3 paged select: page, pageSize 15, search key). */
  fetchPage: (q: { page: number; pageSize: number; keyword: string }) => Promise<Paged<PickOption>>
  /** The options of ids the value holds, for their names. */
  fetchByIds: (ids: number[]) => Promise<PickOption[]>
  /** Inline creation of what was typed (e.g. a new tag), when the user may add. */
  create?: { label: string; run: (name: string) => Promise<PickOption> }
  placeholder?: string
  disabled?: boolean
  autoFocus?: boolean
}

const idsOf = (v: Value): number[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v])

/**
 * The paged select of spec §2/§3/§9: searches as you type, loads the next page (15) when the list is scrolled
 * within 10 px of its end (debounced 50 ms, at most once per 100 ms), stops when a page comes back short, and
 * says 加载中... / 已加载完毕. With an empty search the last 5 picks come first (最近使用). Values are ids.
 */
export function PagedSelect(props: PagedSelectProps) {
  const { listKey, fetchPage, fetchByIds, create, multiple } = props
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  const [recent, setRecent] = useState(() => readRecent(listKey))
  const [known, setKnown] = useState<Map<number, string>>(() => new Map())
  const [creating, setCreating] = useState(false)
  const ids = idsOf(props.value)

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [typed])

  const pages = useInfiniteQuery({
    queryKey: ['paged-select', listKey, keyword],
    queryFn: ({ pageParam }) => fetchPage({ page: pageParam, pageSize: PAGED_SELECT_PAGE_SIZE, keyword }),
    initialPageParam: 1,
    // Spec §4: a page shorter than the page size is the last.
    getNextPageParam: (last, all) =>
      last.items.length < PAGED_SELECT_PAGE_SIZE ? undefined : all.length + 1,
    enabled: open,
  })
  const missing = ids.filter((id) => !known.has(id))
  const names = useQuery({
    queryKey: ['paged-select', listKey, 'ids', missing],
    queryFn: () => fetchByIds(missing),
    enabled: missing.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const loaded = (pages.data?.pages ?? []).flatMap((p) => p.items)
  const nameOf = (id: number) =>
    known.get(id) ??
    names.data?.find((o) => o.id === id)?.name ??
    loaded.find((o) => o.id === id)?.name ??
    recent.find((o) => o.id === id)?.name ??
    (names.isLoading ? '加载中...' : `#${id}`)

  // Spec §9 load-more: debounced, throttled, only near the end and only while there is more.
  const lastLoad = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const onPopupScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.target as HTMLDivElement
    if (el.scrollTop + el.clientHeight < el.scrollHeight - LOAD_MORE_DISTANCE_PX) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (Date.now() - lastLoad.current < LOAD_MORE_THROTTLE_MS) return
      if (!pages.hasNextPage || pages.isFetchingNextPage) return
      lastLoad.current = Date.now()
      void pages.fetchNextPage()
    }, LOAD_MORE_DEBOUNCE_MS)
  }

  const remember = (picked: PickOption[]) => {
    setKnown((m) => new Map([...m, ...picked.map((o) => [o.id, o.name] as const)]))
    setRecent(rememberRecent(listKey, picked))
  }

  const emit = (next: number[]) => props.onChange?.(multiple ? next : (next[0] ?? null))

  const onChange = (v: Labelled | Labelled[] | null | undefined) => {
    const picked = (Array.isArray(v) ? v : v ? [v] : []).map((o) => ({ id: o.value, name: nameOf(o.value) }))
    const added = picked.filter((o) => !ids.includes(o.id))
    if (added.length) remember(added)
    emit(picked.map((o) => o.id))
    if (!multiple) setTyped('')
  }

  const exact = loaded.some((o) => o.name === typed.trim())
  const canCreate = create && typed.trim() !== '' && !exact && typed.trim() === keyword
  const runCreate = async () => {
    if (!create) return
    setCreating(true)
    try {
      const made = await create.run(typed.trim())
      remember([made])
      emit(multiple ? [...ids.filter((id) => id !== made.id), made.id] : [made.id])
      setTyped('')
      await queryClient.invalidateQueries({ queryKey: ['paged-select', listKey] })
    } catch (err) {
      message.error(err instanceof Error ? err.message : '网络错误', TOAST_ERROR_S)
    } finally {
      setCreating(false)
    }
  }

  const toOption = (o: PickOption) => ({ value: o.id, label: o.name })
  const recentIds = new Set(recent.map((o) => o.id))
  const options =
    keyword === '' && recent.length
      ? [
          { label: '最近使用', title: '最近使用', options: recent.map(toOption) },
          { label: '全部', title: '全部', options: loaded.filter((o) => !recentIds.has(o.id)).map(toOption) },
        ]
      : loaded.map(toOption)

  const footer = pages.isFetching ? '加载中...' : !pages.hasNextPage && loaded.length ? '已加载完毕' : null
  const value: Labelled[] = ids.map((id) => ({ value: id, label: nameOf(id) }))

  return (
    <Select<Labelled | Labelled[]>
      id={props.id}
      mode={multiple ? 'multiple' : undefined}
      maxCount={multiple ? props.max : undefined}
      labelInValue
      value={multiple ? value : (value[0] ?? null)}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={setOpen}
      onPopupScroll={onPopupScroll}
      allowClear
      disabled={props.disabled}
      autoFocus={props.autoFocus}
      placeholder={props.placeholder}
      className="moc-paged-select"
      style={{ minWidth: PAGED_SELECT_WIDTH }}
      notFoundContent={pages.isFetching ? '加载中...' : '暂无数据'}
      popupRender={(menu) => (
        <>
          {menu}
          {footer ? <div className="moc-paged-select-footer">{footer}</div> : null}
          {canCreate ? (
            <Button
              type="link"
              block
              loading={creating}
              // Keep the focus (and the typed text) in the select while clicking.
              onMouseDown={(e) => e.preventDefault()}
              onClick={runCreate}
            >
              {`${create.label}「${typed.trim()}」`}
            </Button>
          ) : null}
        </>
      )}
    />
  )
}
