import type { MediaItem, MediaUsage } from '@moc/domain/api/mediaLibrary'
import { contentResources } from '@moc/domain/resources/index'
import { useQuery } from '@tanstack/react-query'
import { Button, List, Popover, Spin } from 'antd'
import { useState } from 'react'
import { api } from '../../../api/client.ts'

const kindLabel = (kind: string) =>
  [...contentResources.values()].find((d) => d.storage.kind === kind)?.label ?? kind

/** 引用 n: opens the list of content items that use the file (spec "used in"). */
export function MediaUsageLink({ item }: { item: MediaItem }) {
  const [open, setOpen] = useState(false)
  const usage = useQuery({
    queryKey: ['media-usage', item.id],
    queryFn: () => api.get<MediaUsage[]>('/api/resource/usage', { ids: String(item.id) }),
    enabled: open,
  })
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title="使用该文件的内容"
      content={
        usage.isLoading ? (
          <Spin size="small" tip="加载中..." />
        ) : (
          <List
            size="small"
            dataSource={usage.data ?? []}
            locale={{ emptyText: '暂无数据' }}
            renderItem={(u) => (
              <List.Item>
                《{u.title}》（{kindLabel(u.kind)}）
              </List.Item>
            )}
          />
        )
      }
    >
      <Button type="link" size="small">
        引用 {item.usedNum}
      </Button>
    </Popover>
  )
}
