import type { ContentVersion } from '@moc/domain/api/content'
import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@moc/domain/constants'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Modal, Table, Tag } from 'antd'
import { useState } from 'react'
import { api } from '../api/client.ts'
import { resourceApi } from './derive.ts'
import { formatTime } from './displayValue.ts'
import { VersionDiff, versionDecisionTag } from './VersionDiff.tsx'

/**
 * 历史版本 of an item on its form (GET /api/content/versions, a record type's /api/<name>/versions), newest first,
 * each comparable with the current.
 */
export function VersionHistory({ def, id }: { def: ResourceDef; id: number }) {
  const paths = resourceApi(def)
  const [comparing, setComparing] = useState<number>()
  const list = useQuery({
    queryKey: ['resource-versions', def.name, id],
    queryFn: () =>
      api.get<{ items: ContentVersion[]; total: number }>(paths.versions!, paths.withKind({ id })),
    enabled: paths.versions !== undefined,
  })
  if (!paths.versions) return null
  return (
    <section className="moc-review-log" aria-label="历史版本">
      <div className="moc-review-log__title">历史版本</div>
      {list.error ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <Table<ContentVersion>
        size="small"
        rowKey="versionNo"
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        locale={{ emptyText: '暂无数据' }}
        pagination={{
          defaultPageSize: PAGE_SIZE_DEFAULT,
          pageSizeOptions: [...PAGE_SIZES],
          hideOnSinglePage: true,
          showTotal: (total) => `共 ${total} 条`,
        }}
        columns={[
          { key: 'versionNo', title: '版本', dataIndex: 'versionNo', render: (n: number) => `第${n}版` },
          { key: 'creatorName', title: '保存人', dataIndex: 'creatorName', render: (v: string) => v || '--' },
          { key: 'createdAt', title: '保存时间', dataIndex: 'createdAt', render: formatTime },
          {
            key: 'decision',
            title: '审核结果',
            dataIndex: 'decision',
            render: (d: ContentVersion['decision']) =>
              d ? <Tag color={versionDecisionTag[d].color}>{versionDecisionTag[d].text}</Tag> : '--',
          },
          {
            key: 'actions',
            title: '操作',
            render: (_: unknown, v) => (
              <Button size="small" type="link" onClick={() => setComparing(v.versionNo)}>
                对比
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={comparing !== undefined}
        title={`第${comparing ?? ''}版与当前内容对比`}
        footer={null}
        width={800}
        onCancel={() => setComparing(undefined)}
        destroyOnHidden
      >
        {comparing !== undefined ? (
          <VersionDiff def={def} id={id} versionNo={comparing} title="与当前内容的差异" />
        ) : null}
      </Modal>
    </section>
  )
}
