import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@moc/domain/constants'
import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import type { TablePaginationConfig } from 'antd'
import { useState } from 'react'
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
 * A server-paged list (spec §9): page state, the query for that page, and the Table's `pagination`.
 * `filters` come from outside the search form (e.g. a tab); `search` takes the form's values.
 */
export function usePagedQuery<T>(
  key: string,
  url: string,
  filters: Filters = {},
  opts: { refetchInterval?: Refetch<T> } = {},
) {
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_DEFAULT)
  const [searched, setSearched] = useState<Filters>({})

  const query = { page, pageSize, ...filters, ...searched }
  const list = useQuery({
    queryKey: [key, query],
    queryFn: () => api.get<Paged<T>>(url, query),
    // The shown page stays until the next one arrives, rather than the table flashing empty.
    placeholderData: keepPreviousData,
    refetchInterval: opts.refetchInterval,
  })

  const pagination = tablePagination(page, pageSize, list.data?.total ?? 0, (p, size) => {
    setPage(p)
    setPageSize(size)
  })

  /** Call when `filters` change: page 3 of the old result means nothing in the new one. */
  const resetPage = () => setPage(1)

  /** The search form's onFinish: text is trimmed and an empty field is no filter. */
  const search = (values: Filters) => {
    const trimmed = Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.trim() || undefined : v,
    ])
    setSearched(Object.fromEntries(trimmed))
    resetPage()
  }

  return { list, pagination, page, pageSize, resetPage, search }
}
