import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useState } from 'react'
import { api } from '../../../api/client.ts'

interface SendOption {
  id: number
  label: string
  extra: string
}

/**
 * A searching select over GET /api/couponSend/options (the send dialog's coupons, app users and portraits, readable
 * with the send page's 查看 alone): the label with its extra (剩余 N 张, a phone, 匹配 N 人).
 */
export function OptionSelect({
  kind,
  multiple = false,
  value,
  onChange,
  placeholder,
  id,
}: {
  kind: 'coupon' | 'user' | 'portrait'
  multiple?: boolean
  value?: number | number[]
  onChange?: (v: number | number[] | undefined) => void
  placeholder: string
  id?: string
}) {
  const [keyword, setKeyword] = useState('')
  const options = useQuery({
    queryKey: ['coupon-send-options', kind, keyword],
    queryFn: () => api.get<{ items: SendOption[] }>('/api/couponSend/options', { kind, keyword }),
  })
  const chosen = (Array.isArray(value) ? value : value === undefined ? [] : [value]).join(',')
  // The chosen ones keep their names when a new search no longer lists them.
  const named = useQuery({
    queryKey: ['coupon-send-options', kind, 'ids', chosen],
    queryFn: () => api.get<{ items: SendOption[] }>('/api/couponSend/options', { kind, ids: chosen }),
    enabled: chosen !== '',
  })
  const all = new Map<number, SendOption>()
  for (const o of [...(named.data?.items ?? []), ...(options.data?.items ?? [])]) all.set(o.id, o)
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={placeholder}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? '加载中...' : '暂无数据'}
      options={[...all.values()].map((o) => ({ value: o.id, label: `${o.label}（${o.extra}）` }))}
    />
  )
}
