import { Select } from 'antd'

const OPTIONS = [
  { value: 1, label: '显示' },
  { value: 0, label: '隐藏' },
]

/** The 显示状态 filter of moderation lists (comments, danmaku): 显示 1, 隐藏 0, cleared for 全部. */
export function ShowStateSelect(props: {
  id?: string
  value?: number
  onChange?: (v: number | undefined) => void
}) {
  return <Select {...props} allowClear style={{ width: 120 }} placeholder="全部" options={OPTIONS} />
}
