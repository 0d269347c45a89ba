import { Spin } from 'antd'

/** The loading state of a screen or panel (spec §8: 加载中...). */
export function Loading({ tip = '加载中...' }: { tip?: string }) {
  return (
    <div style={{ padding: 48, textAlign: 'center' }} role="status">
      <Spin />
      <div style={{ marginTop: 8, color: '#888' }}>{tip}</div>
    </div>
  )
}
