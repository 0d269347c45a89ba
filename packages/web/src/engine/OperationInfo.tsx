import { type ContentOperationInfo, type OperationCount, operationCounts } from '@moc/domain/api/content'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useQuery } from '@tanstack/react-query'
import { Alert, Descriptions, Spin } from 'antd'
import { api } from '../api/client.ts'
import { resourceApi } from './derive.ts'

/**
 * 运营数据 of an item (GET /api/contentOperation/contentOperationInfo): each count the type keeps, as real +
 * operated = shown, under its form (e.g. /detailHotDiscuss with 阅读, 点赞 and 关注). Content types only
 * (resourceApi's operationInfo).
 */
export function OperationInfo({ def, id }: { def: ResourceDef; id: number }) {
  const paths = resourceApi(def)
  const info = useQuery({
    queryKey: ['resource-operation', def.name, id],
    queryFn: () => api.get<ContentOperationInfo>(paths.operationInfo!, paths.withKind({ id })),
    enabled: paths.operationInfo !== undefined,
  })
  const counts = (Object.keys(operationCounts) as OperationCount[]).flatMap((c) => {
    const v = info.data?.[c]
    return v ? [{ key: c, label: `${operationCounts[c].label}数`, v }] : []
  })
  return (
    <section className="moc-review-log" aria-label="运营数据">
      <div className="moc-review-log__title">运营数据</div>
      {info.error ? <Alert type="error" showIcon title={info.error.message} /> : null}
      {info.isLoading ? <Spin description="加载中..." /> : null}
      {info.data ? (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={counts.map(({ key, label, v }) => ({
            key,
            label,
            children: `${v.total}（真实 ${v.real} + 运营 ${v.operated ?? 0}）`,
          }))}
        />
      ) : null}
    </section>
  )
}
