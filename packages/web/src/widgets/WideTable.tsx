import type { TableProps } from 'antd'
import { Table } from 'antd'
import { useEffect, useRef, useState } from 'react'
import './tables.css'

/**
 * An antd Table for lists wider than the window (decision 0036): it scrolls sideways (max-content), and its sideways
 * scrollbar is kept at the bottom of the window while the list runs below it, so the columns past the fixed 操作
 * column (创建人, 创建时间, …) are one drag away rather than at the end of a 30-row page. The header stays in the same
 * table as the rows (antd's `sticky` would split them into two tables).
 */
export function WideTable<T extends object>({ scroll, ...props }: TableProps<T>) {
  const wrap = useRef<HTMLDivElement>(null)
  const bar = useRef<HTMLDivElement>(null)
  const [widths, setWidths] = useState({ scroll: 0, client: 0 })

  useEffect(() => {
    const content = wrap.current?.querySelector<HTMLElement>('.ant-table-content')
    const scroller = bar.current
    if (!content || !scroller) return
    const measure = () =>
      setWidths((now) =>
        now.scroll === content.scrollWidth && now.client === content.clientWidth
          ? now
          : { scroll: content.scrollWidth, client: content.clientWidth },
      )
    const observer = new ResizeObserver(measure)
    observer.observe(content)
    const table = content.querySelector('table')
    if (table) observer.observe(table)
    measure()
    // Each follows the other; equal positions stop the echo.
    const fromContent = () => {
      if (scroller.scrollLeft !== content.scrollLeft) scroller.scrollLeft = content.scrollLeft
    }
    const fromBar = () => {
      if (content.scrollLeft !== scroller.scrollLeft) content.scrollLeft = scroller.scrollLeft
    }
    content.addEventListener('scroll', fromContent, { passive: true })
    scroller.addEventListener('scroll', fromBar, { passive: true })
    return () => {
      observer.disconnect()
      content.removeEventListener('scroll', fromContent)
      scroller.removeEventListener('scroll', fromBar)
    }
  }, [])

  return (
    <div ref={wrap} className="moc-wide-table">
      <Table<T>
        {...props}
        scroll={{ x: 'max-content', ...scroll }}
        footer={() => (
          <div
            ref={bar}
            className="moc-sticky-scroll"
            aria-hidden="true"
            data-testid="table-scrollbar"
            hidden={widths.scroll <= widths.client}
          >
            <div style={{ width: widths.scroll }} />
          </div>
        )}
      />
    </div>
  )
}
