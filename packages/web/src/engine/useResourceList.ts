import { PAGE_SIZES } from '@moc/domain/constants'
import type { ResourceDef } from '@moc/domain/resources/types'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { FormProps, TablePaginationConfig, TableProps } from 'antd'
import { Form } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../api/client.ts'
import { currentGrant, currentUser } from '../api/session.ts'
import type { Paged } from '../widgets/usePagedQuery.ts'
import {
  CREATED_RANGE,
  CREATOR_PARAM,
  type ListState,
  listTabs,
  RANGE_PARAMS,
  readListState,
  resourceApi,
  screenUrl,
  withScreenParams,
  writeListState,
} from './derive.ts'

/** A content row as the list returns it (spec §3 content entry and counts), plus the definition's columns. */
export interface ResourceRow {
  id: number
  title?: string
  verifyState?: number
  showState?: boolean | number
  viewNum?: number | null
  operateViewNum?: number | null
  likeNum?: number | null
  operateLikeNum?: number | null
  createdAt?: string
  creatorName?: string | null
  previewUrl?: string | null
  processType?: string | null
  displayStart?: string | null
  displayEnd?: string | null
  displayFlag?: number | null
  [field: string]: unknown
}

export const listQueryKey = (def: ResourceDef) => ['resource-list', def.name] as const

/**
 * The list's state in the screen's URL. A list embedded in another screen (a panel beside the screen's own controls,
 * or one of several lists) keeps it under its name (`redPacketWithdrawal.page=2`), so a reload or a shared link shows
 * the same rows and the screen's keys stay its own; a list that is the screen keeps the bare keys beside the screen's.
 */
function useListParams(
  def: ResourceDef,
  embedded: boolean,
): [URLSearchParams, (next: URLSearchParams) => void] {
  const [url, setUrl] = useSearchParams()
  const prefix = `${def.name}.`
  const own = useMemo(
    () =>
      new URLSearchParams(
        [...url].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]),
      ),
    [url, prefix],
  )
  if (!embedded) return [url, (next) => setUrl((now) => withScreenParams(def, now, next))]
  return [
    own,
    (next) =>
      setUrl((now) => {
        const out = new URLSearchParams([...now].filter(([k]) => !k.startsWith(prefix)))
        for (const [k, v] of next) out.set(`${prefix}${k}`, v)
        return out
      }),
  ]
}

/**
 * The list model of a resource (refine's useTable): URL-synced `type` tab, search filters and paging; the
 * page query and tab counts through TanStack Query; props to spread on the antd Table and search Form.
 */
export function useResourceList(def: ResourceDef, embedded = false) {
  const paths = resourceApi(def)
  const [params, setParams] = useListParams(def, embedded)
  const defaultCreator = currentUser()?.username
  // Only the tabs the user may open (the 回收站 tab needs its permission).
  const grant = currentGrant()
  const state = readListState(def, params, defaultCreator, grant)
  const tab = listTabs(def, grant).find((t) => t.key === state.type)
  const [searchForm] = Form.useForm<Record<string, unknown>>()

  const update = (next: Partial<ListState>) =>
    setParams(writeListState(def, { ...state, ...next }, defaultCreator))

  const filterQuery = { kind: paths.kind, partition: state.partition, ...state.filters }
  const query = { ...filterQuery, type: state.type, page: state.page, pageSize: state.pageSize }
  // Tab counts are kept per creator, not per search text (spec §3 counts read maintained counters).
  const numsQuery = {
    kind: paths.kind,
    partition: state.partition,
    [CREATOR_PARAM]: state.filters[CREATOR_PARAM],
  }
  const list = useQuery({
    queryKey: [...listQueryKey(def), 'page', query],
    queryFn: () => api.get<Paged<ResourceRow>>(paths.list, query),
    placeholderData: keepPreviousData,
  })
  const nums = useQuery({
    queryKey: [...listQueryKey(def), 'nums', numsQuery],
    queryFn: () => api.get<Record<string, number>>(paths.nums!, numsQuery),
    enabled: paths.nums !== undefined,
  })

  // The selection belongs to the rows on screen: another tab, page or filter clears it.
  const scope = params.toString()
  const [selection, setSelection] = useState<{ scope: string; ids: number[] }>({ scope, ids: [] })
  const selected = selection.scope === scope ? selection.ids : []
  const setSelected = (ids: number[]) => setSelection({ scope, ids })

  // The search form shows what the URL says (also after back/forward).
  const filtersKey = JSON.stringify(state.filters)
  useEffect(() => {
    searchForm.resetFields()
    searchForm.setFieldsValue(searchFormValues(def, JSON.parse(filtersKey) as Record<string, string>))
  }, [def, filtersKey, searchForm])

  const pagination: TablePaginationConfig = {
    current: state.page,
    pageSize: state.pageSize,
    total: list.data?.total ?? 0,
    pageSizeOptions: [...PAGE_SIZES],
    showSizeChanger: true,
    showQuickJumper: true,
    // antd's compact pager draws 5 page buttons: the spec §9 pager count.
    showLessItems: true,
    showTotal: (total) => `共 ${total} 条`,
    onChange: (page, pageSize) => update({ page: pageSize === state.pageSize ? page : 1, pageSize }),
  }

  const tableProps: TableProps<ResourceRow> = {
    rowKey: 'id',
    dataSource: list.data?.items ?? [],
    loading: list.isFetching,
    locale: { emptyText: list.isFetching ? '加载中...' : '暂无数据' },
    pagination,
    rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) },
    scroll: { x: 'max-content' },
  }

  const searchFormProps: FormProps<Record<string, unknown>> = {
    form: searchForm,
    layout: 'inline',
    name: `${def.name}-search`,
    onFinish: (values) => {
      const filters = searchFilters(values)
      // A cleared creator select means everyone, which the URL says with an empty createdBy.
      if (!filters[CREATOR_PARAM]) filters[CREATOR_PARAM] = ''
      update({ filters, page: 1 })
    },
  }

  return {
    def,
    paths,
    state,
    tab,
    tabs: listTabs(def, grant).map((t) => {
      const count = nums.data?.[t.key]
      return { ...t, count: typeof count === 'number' ? count : undefined }
    }),
    setType: (type: string) => update({ type, page: 1 }),
    /** 重置: back to the default filters (the current user as creator). */
    resetFilters: () => setParams(writeListState(def, { ...state, page: 1, filters: {} }, undefined)),
    /** A screen of this type with the list's partition kept (screenUrl). */
    urlOf: (path: string, id?: number) => screenUrl(def, path, params, id),
    list,
    nums,
    selected,
    clearSelection: () => setSelected([]),
    tableProps,
    searchFormProps,
  }
}

/** The search form's values of the URL's filters: a ref's id as a number, the time range as dates. */
function searchFormValues(def: ResourceDef, filters: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filters }
  for (const [name, f] of Object.entries(def.fields))
    if (f.ref && filters[name] && /^\d+$/.test(filters[name])) out[name] = Number(filters[name])
  const [start, end] = RANGE_PARAMS.map((p) => filters[p])
  if (start && end) out[CREATED_RANGE] = [dayjs(start), dayjs(end)]
  return out
}

/** The URL's filters of the search form's values: texts trimmed, ids as text, the time range as whole days. */
function searchFilters(values: Record<string, unknown>): Record<string, string> {
  const filters: Record<string, string> = {}
  for (const [k, v] of Object.entries(values)) {
    if (k === CREATED_RANGE) continue
    const t = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : ''
    if (t) filters[k] = t
  }
  const range = values[CREATED_RANGE] as [Dayjs, Dayjs] | null | undefined
  if (range?.[0] && range[1]) {
    filters.startTime = range[0].startOf('day').toISOString()
    filters.endTime = range[1].endOf('day').toISOString()
  }
  return filters
}
