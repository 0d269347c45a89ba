import { Button, Checkbox, DatePicker, Flex, Input, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import type { MediaFilters } from './useMediaBrowser.ts'

interface Props {
  filters: MediaFilters
  total: number
  onSearch: (filters: MediaFilters) => void
}

type Range = [Dayjs | null, Dayjs | null] | null

/** Spec §2 picker/library controls: 只看我的 (on by default), date-time range, keyword with 搜索 / 重置, 总数:n. */
export function MediaFilterBar({ filters, total, onSearch }: Props) {
  const [content, setContent] = useState(filters.content ?? '')
  const [range, setRange] = useState<Range>(null)
  // A folder change restores that level's filters: show them.
  useEffect(() => {
    setContent(filters.content ?? '')
    setRange(filters.startTime || filters.endTime ? [dayjs(filters.startTime), dayjs(filters.endTime)] : null)
  }, [filters])

  const run = (next: Partial<MediaFilters>) =>
    onSearch({
      onlyMine: filters.onlyMine,
      content: content.trim() || undefined,
      startTime: range?.[0]?.toISOString(),
      endTime: range?.[1]?.toISOString(),
      ...next,
    })

  return (
    <Flex gap={8} wrap align="center" className="moc-media-filters">
      <Checkbox checked={filters.onlyMine} onChange={(e) => run({ onlyMine: e.target.checked })}>
        只看我的
      </Checkbox>
      <DatePicker.RangePicker
        showTime
        value={range}
        onChange={(v) => setRange(v as Range)}
        placeholder={['开始时间', '结束时间']}
      />
      <Input
        allowClear
        value={content}
        maxLength={100}
        placeholder="请输入关键词"
        style={{ width: 200 }}
        onChange={(e) => setContent(e.target.value)}
        onPressEnter={() => run({})}
      />
      <Button type="primary" onClick={() => run({})}>
        搜索
      </Button>
      <Button
        onClick={() => {
          setContent('')
          setRange(null)
          onSearch({ onlyMine: filters.onlyMine })
        }}
      >
        重置
      </Button>
      <Typography.Text className="moc-media-total">总数:{total}</Typography.Text>
    </Flex>
  )
}
