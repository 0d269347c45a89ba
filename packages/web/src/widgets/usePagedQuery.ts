import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@moc/domain/constants'
import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import type { FormInstance, TablePaginationConfig } from 'antd'
import { useLayoutEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { api, type RequestOptions } from '../api/client.ts'

/** One page of a server list: the rows asked for and how many there are in all. */
export interface Paged<T> {
  items: T[]
  total: number
}

type Filters = NonNullable<RequestOptions['query']>

/**
 * A Table's `pagination` per spec §9: sizes 30/50/100, size changer, jumper, 5 page buttons, 共 n 条. A new page
 * size starts again from page 1, as the old page number means other rows.
 */
export function tablePagination(
  page: number,
  pageSize: number,
  total: number,
  go: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    pageSizeOptions: [...PAGE_SIZES],
    showSizeChanger: true,
    showQuickJumper: true,
    showLessItems: true,
    showTotal: (n) => `共 ${n} 条`,
    onChange: (p, size) => go(size === pageSize ? p : 1, size),
  }
}

/** Polling of a list that changes by itself (e.g. jobs running): TanStack Query's interval, or a function of the page. */
type Refetch<T> = UseQueryOptions<Paged<T>>['refetchInterval']

/**
 * A list whose filters and page live in the URL (decision 0036, as the content lists' do): a link or a reload shows
 * the same rows, and back/forward walks through searches. `params` are the search fields' names; `form` (with
 * `toForm` turning the URL's text into the fields' values) shows what the URL says.
 */
export interface UrlSync {
  params: readonly string[]
  form?: FormInstance
  toForm?: (values: Record<string, string>) => object
}

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/**
 * A server-paged list (spec §9): page state, the query for that page, and the Table's `pagination`.
 * `filters` come from outside the search form (e.g. a tab); `search` takes the form's values. With `url`, the page,
 * page size and searched values are kept in the URL; `setParam` changes one more URL value (a tab) from page 1.
 */
export function usePagedQuery<T>(
  key: string,
  url: string,
  filters: Filters = {},
  opts: { refetchInterval?: Refetch<T>; url?: UrlSync } = {},
) {
  const [params, setParams] = useSearchParams()
  const sync = opts.url
  const [localPage, setLocalPage] = useState(1)
  const [localPageSize, setLocalPageSize] = useState<number>(PAGE_SIZE_DEFAULT)
  const [localSearched, setLocalSearched] = useState<Filters>({})

  const urlSize = positive(params.get('pageSize'))
  const page = sync ? (positive(params.get('page')) ?? 1) : localPage
  const pageSize = sync
    ? urlSize !== undefined && (PAGE_SIZES as readonly number[]).includes(urlSize)
      ? urlSize
      : PAGE_SIZE_DEFAULT
    : localPageSize
  const urlSearched: Record<string, string> = {}
  for (const name of sync?.params ?? []) {
    const v = params.get(name)
    if (v) urlSearched[name] = v
  }
  const searched: Filters = sync ? urlSearched : localSearched

  /** The URL with `patch` applied (undefined or '' removes a value); a new filter starts from page 1. */
  const navigateUrl = (patch: Record<string, string | number | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(patch))
      if (v === undefined || v === '') next.delete(k)
      else next.set(k, String(v))
    if (!keepPage) next.delete('page')
    setParams(next)
  }

  // The search form shows what the URL says (after a reload, back/forward, or a link), before it is drawn, so nothing
  // typed into a new screen is reset. Not after its own 搜索 or 重置: the form holds those values already, and what
  // was typed since the click (a name right after 重置) stays.
  const searchedKey = JSON.stringify(urlSearched)
  /** The searched values the form shows: the URL's once put there, or the ones its own search wrote. */
  const shown = useRef<string | undefined>(undefined)
  const form = sync?.form
  const toForm = sync?.toForm
  useLayoutEffect(() => {
    if (!form || shown.current === searchedKey) return
    shown.current = searchedKey
    const values = JSON.parse(searchedKey) as Record<string, string>
    form.resetFields()
    form.setFieldsValue(toForm ? toForm(values) : values)
  }, [searchedKey, form, toForm])

  const query = { page, pageSize, ...filters, ...searched }
  const list = useQuery({
    queryKey: [key, query],
    queryFn: () => api.get<Paged<T>>(url, query),
    // The shown page stays until the next one arrives, rather than the table flashing empty.
    placeholderData: keepPreviousData,
    refetchInterval: opts.refetchInterval,
  })

  const pagination = tablePagination(page, pageSize, list.data?.total ?? 0, (p, size) => {
    if (sync)
      return navigateUrl(
        { page: p === 1 ? undefined : p, pageSize: size === PAGE_SIZE_DEFAULT ? undefined : size },
        true,
      )
    setLocalPage(p)
    setLocalPageSize(size)
  })

  /** Call when `filters` change: page 3 of the old result means nothing in the new one. */
  const resetPage = () => (sync ? navigateUrl({}) : setLocalPage(1))

  /** The search form's onFinish: text is trimmed and an empty field is no filter. */
  const search = (values: Filters) => {
    const trimmed = Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.trim() || undefined : v,
    ])
    if (sync) {
      const patch: Record<string, string | number | undefined> = Object.fromEntries(
        sync.params.map((name) => [name, undefined]),
      )
      for (const [k, v] of trimmed)
        if (sync.params.includes(k as string) && (typeof v === 'string' || typeof v === 'number'))
          patch[k as string] = v
      const next: Record<string, string> = {}
      for (const name of sync.params) if (patch[name] !== undefined) next[name] = String(patch[name])
      shown.current = JSON.stringify(next)
      return navigateUrl(patch)
    }
    setLocalSearched(Object.fromEntries(trimmed))
    setLocalPage(1)
  }

  /** One more URL value (e.g. a tab), from page 1. */
  const setParam = (name: string, value: string | undefined) => navigateUrl({ [name]: value })

  return { list, pagination, page, pageSize, resetPage, search, params, setParam, searched }
}
