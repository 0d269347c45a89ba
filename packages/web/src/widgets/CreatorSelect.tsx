import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { api } from '../api/client.ts'

/** The props a Form.Item hands to its control. */
interface ControlProps {
  id?: string
  value?: string
  onChange?: (v: string) => void
}

/**
 * 创建人 of a list's search form (spec §6: the admins of the departments the role may see, GET /api/admin/creators);
 * cleared means everyone.
 */
export function CreatorSelect(props: ControlProps) {
  const creators = useQuery({
    queryKey: ['admin-creators'],
    queryFn: () =>
      api.get<{ default: string; items: { label: string; value: string }[] }>('/api/admin/creators'),
  })
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 160 }}
      placeholder={creators.isError ? '创建人加载失败' : '全部创建人'}
      loading={creators.isLoading}
      options={creators.data?.items ?? []}
      notFoundContent={creators.isLoading ? '加载中...' : '暂无数据'}
    />
  )
}
