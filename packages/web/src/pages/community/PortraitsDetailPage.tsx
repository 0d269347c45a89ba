import { portrait } from '@moc/domain/resources/community/portrait'
import type { PortraitRules } from '@moc/domain/rules/portrait'
import { useQuery } from '@tanstack/react-query'
import { Card, Flex, Form, Statistic, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { detailQuery } from '../../engine/prefetchForm.ts'
import { ResourceForm } from '../../engine/ResourceForm.tsx'

/** How long the rules rest before the count is asked for. */
const PREVIEW_DEBOUNCE_MS = 400
const FORM_NAME = `${portrait.name}-detail`

const numberOr = (v: unknown) => (typeof v === 'number' ? v : null)

/** The rules as the form holds them (numbers left empty are no rule). */
const rulesOf = (values: Record<string, unknown>): PortraitRules => ({
  tags: Array.isArray(values.tags) ? (values.tags as number[]) : [],
  levelMin: numberOr(values.levelMin),
  levelMax: numberOr(values.levelMax),
  regions: typeof values.regions === 'string' ? values.regions : '',
  activeDays: numberOr(values.activeDays),
  registeredDays: numberOr(values.registeredDays),
})

/** The users unsaved rules match (POST /api/portrait/preview), asked for once the rules rest. */
function usePreview(rules: PortraitRules | undefined) {
  const [settled, setSettled] = useState(rules)
  const key = JSON.stringify(rules)
  useEffect(() => {
    const timer = setTimeout(
      () => setSettled(key === undefined ? undefined : JSON.parse(key)),
      PREVIEW_DEBOUNCE_MS,
    )
    return () => clearTimeout(timer)
  }, [key])
  return useQuery({
    queryKey: ['portrait-preview', settled],
    queryFn: () => api.post<{ total: number }>('/api/portrait/preview', settled),
    enabled:
      settled !== undefined &&
      (settled.levelMin === null || settled.levelMax === null || settled.levelMin <= settled.levelMax),
    placeholderData: (previous) => previous,
  })
}

/**
 * /portraitDetail: the engine's form of a portrait, with the count of users its rules match as they are typed
 * (debounced).
 */
export default function PortraitsDetailPage() {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  const item = useQuery(detailQuery(portrait, id))
  const [values, setValues] = useState<Record<string, unknown>>()
  const rules = id !== undefined && !item.data ? undefined : rulesOf(values ?? item.data?.fields ?? {})
  const preview = usePreview(rules)
  return (
    <Flex vertical gap={16}>
      <Card size="small" aria-label="匹配用户数">
        <Flex align="center" gap={24}>
          <Statistic
            title="当前规则匹配用户数"
            value={preview.data?.total ?? '--'}
            loading={preview.isFetching && !preview.data}
          />
          <Typography.Text type="secondary">
            {preview.error
              ? preview.error.message
              : '只统计状态正常的 App 用户（不含运营用户），随规则修改实时更新'}
          </Typography.Text>
        </Flex>
      </Card>
      <Form.Provider
        onFormChange={(name, { forms }) => {
          if (name === FORM_NAME) setValues(forms[name]!.getFieldsValue())
        }}
      >
        <ResourceForm def={portrait} />
      </Form.Provider>
    </Flex>
  )
}
