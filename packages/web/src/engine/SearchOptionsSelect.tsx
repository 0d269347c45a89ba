import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { api } from '../api/client.ts'

/** The most values a search select offers (the call orders them most used first). */
const OPTIONS_MAX = 200

/**
 * A list search field whose values come from a call (FieldDef.searchFrom), e.g. the regions disclosures name,
 * each with how many items name it.
 */
export function SearchOptionsSelect({
  url,
  kind,
  label,
  value,
  onChange,
}: {
  url: string
  kind: string | undefined
  label: string
  value?: string
  onChange?: (v: string | undefined) => void
}) {
  const options = useQuery({
    queryKey: ['search-options', url, kind],
    queryFn: () =>
      api.post<{ items: { name: string; total: number }[] }>(url, { kind, pageSize: OPTIONS_MAX }),
  })
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'value' }}
      style={{ width: 160 }}
      aria-label={label}
      placeholder={`全部${label}`}
      value={value}
      onChange={onChange}
      loading={options.isLoading}
      options={(options.data?.items ?? []).map((o) => ({ value: o.name, label: `${o.name}（${o.total}）` }))}
      notFoundContent={options.isLoading ? '加载中...' : '暂无数据'}
    />
  )
}
