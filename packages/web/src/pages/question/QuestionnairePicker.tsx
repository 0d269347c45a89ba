import { questionnaire } from '@moc/domain/resources/question/questionnaire'
import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'

interface Row {
  id: number
  title: string
}

/** The questionnaire a screen is about: `?id=` (the list's 查看 and the spec's links), else none yet. */
export function useQuestionnaireId(): [number | undefined, (id: number) => void] {
  const [params, setParams] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  return [id, (next) => setParams({ id: String(next) })]
}

/** Picks a questionnaire by its title (the console's questionnaire list, newest first). */
export function QuestionnairePicker({ value, onChange }: { value?: number; onChange: (id: number) => void }) {
  const [search, setSearch] = useState('')
  const list = useQuery({
    queryKey: ['questionnaire-picker', search],
    queryFn: () =>
      api.get<{ items: Row[] }>(`/api/${questionnaire.name}/list`, {
        type: 'list',
        page: 1,
        pageSize: 50,
        ...(search ? { title: search } : {}),
      }),
  })
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      style={{ width: 320 }}
      placeholder="选择问卷"
      aria-label="选择问卷"
      value={value}
      loading={list.isLoading}
      notFoundContent={list.isLoading ? '加载中...' : '暂无数据'}
      options={(list.data?.items ?? []).map((r) => ({ value: r.id, label: r.title }))}
      onChange={(v: number) => onChange(v)}
    />
  )
}
