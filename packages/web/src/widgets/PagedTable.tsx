import type { UseQueryResult } from '@tanstack/react-query'
import type { TablePaginationConfig, TableProps } from 'antd'
import { Alert, Table } from 'antd'
import type { Paged } from './usePagedQuery.ts'
import { WideTable } from './WideTable.tsx'

interface Props<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  /** The `list` and `pagination` of usePagedQuery (or a query of a short list, with pagination false). */
  list: UseQueryResult<Paged<T>>
  pagination: TablePaginationConfig | false
}

/**
 * The table of a server-paged list, keyed by `id`, with its load error above it. A list that scrolls sideways
 * (`scroll`) is a WideTable, its scrollbar kept in the window.
 */
export function PagedTable<T extends { id: number }>({ list, pagination, ...table }: Props<T>) {
  const props: TableProps<T> = {
    style: { marginTop: 16 },
    rowKey: 'id',
    dataSource: list.data?.items ?? [],
    loading: list.isFetching,
    locale: { emptyText: '暂无数据' },
    pagination,
    ...table,
  }
  return (
    <>
      {list.error ? (
        <Alert type="error" showIcon title={list.error.message} style={{ marginTop: 16 }} />
      ) : null}
      {table.scroll ? <WideTable<T> {...props} /> : <Table<T> {...props} />}
    </>
  )
}
