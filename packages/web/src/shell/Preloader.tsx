import { PRELOADER_MS } from '@moc/domain/constants'
import { Spin } from 'antd'
import { useEffect, useState } from 'react'

/**
 * Full-screen spinner shown when the console loads with the preloader setting on, hidden after 2500 ms
 * (spec §9). Switching the setting on later does not show it: it is a load-time effect only.
 */
export function Preloader({ enabled }: { enabled: boolean }) {
  const [visible, setVisible] = useState(enabled)
  useEffect(() => {
    if (!visible) return
    const timer = window.setTimeout(() => setVisible(false), PRELOADER_MS)
    return () => window.clearTimeout(timer)
  }, [visible])
  if (!visible) return null
  return (
    <div className="moc-preloader" role="status" aria-label="加载中" aria-live="polite">
      <Spin size="large" />
    </div>
  )
}
