import { PAGE_SIZES } from '@moc/domain/constants'
import type { ResourceDef } from '@moc/domain/resources/types'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { FormProps, TablePaginationConfig, TableProps } from 'antd'
import { Form } from 'antd'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../api/client.ts'
import { currentGrant, currentUser } from '../api/session.ts'
import type { Paged } from '../widgets/usePagedQuery.ts'
import {
  CREATOR_PARAM,
  type ListState,
  listTabs,
  readListState,
  resourceApi,
  screenUrl,
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

/** The list's state: the screen's URL, or its own for a list embedded in another screen (a panel). */
function useListParams(embedded: boolean): [URLSearchParams, (next: URLSearchParams) => void] {
  const [url, setUrl] = useSearchParams()
  const [own, setOwn] = useState(() => new URLSearchParams())
  return embedded ? [own, setOwn] : [url, (next) => setUrl(next)]
}

/**
 * The list model of a resource (refine's useTable): URL-synced `type` tab, search filters and paging; the
 * page query and tab counts through TanStack Query; props to spread on the antd Table and search Form.
 */
export function useResourceList(def: ResourceDef, embedded = false) {
  const paths = resourceApi(def)
  const [params, setParams] = useListParams(embedded)
  const defaultCreator = currentUser()?.username
  // Only the tabs the user may open (the 回收站 tab needs its permission).
  const grant = currentGrant()
  const state = readListState(def, params, defaultCreator, grant)
  const tab = listTabs(def, grant).find((t) => t.key === state.type)
  const [searchForm] = Form.useForm<Record<string, string | undefined>>()

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
    searchForm.setFieldsValue(JSON.parse(filtersKey) as Record<string, string>)
  }, [filtersKey, searchForm])

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

  const searchFormProps: FormProps<Record<string, string | undefined>> = {
    form: searchForm,
    layout: 'inline',
    name: `${def.name}-search`,
    onFinish: (values) => {
      const filters: Record<string, string> = {}
      for (const [k, v] of Object.entries(values)) {
        const t = typeof v === 'string' ? v.trim() : ''
        if (t) filters[k] = t
      }
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
