import { editorMessages } from '@moc/domain/api/editor'
import { TOAST_ERROR_S } from '@moc/domain/constants'
import { App, Button, Tooltip } from 'antd'
import { useEffect, useRef } from 'react'
import { htmlFromMessage } from './layoutEditorMessages.ts'
import { useEditorConfig } from './useEditorConfig.ts'

interface Props {
  onInsert: (html: string) => void
  disabled?: boolean
  /** The toolbar's look; a plain button by default. */
  className?: string
}

/** How often the button checks whether the user closed the popup (then it stops listening). */
const CLOSED_POLL_MS = 1000

/**
 * 135编辑器 (spec §2 rich-text editor): opens the configured 135 page in a popup window; the HTML it posts back
 * (from a configured origin, from that popup only) is inserted and the popup closed.
 */
export function Editor135Button({ onInsert, disabled, className }: Props) {
  const { message } = App.useApp()
  const config = useEditorConfig()
  const popup = useRef<Window | null>(null)
  const stop = useRef<() => void>(() => {})
  useEffect(() => () => stop.current(), [])

  const open = () => {
    const editor135 = config.data?.editor135
    if (!editor135) {
      message.warning(config.error?.message ?? editorMessages.editor135Off, TOAST_ERROR_S)
      return
    }
    if (popup.current && !popup.current.closed) {
      popup.current.focus()
      return
    }
    const win = window.open(editor135.url, 'moc-editor135', 'popup,width=1200,height=800')
    if (!win) {
      message.error('弹出窗口被浏览器拦截，请允许本站打开弹出窗口后重试', TOAST_ERROR_S)
      return
    }
    popup.current = win
    const onMessage = (event: MessageEvent) => {
      const html = htmlFromMessage(event, editor135.origins, win)
      if (html === null) return
      onInsert(html)
      win.close()
      stop.current()
    }
    const timer = window.setInterval(() => {
      if (win.closed) stop.current()
    }, CLOSED_POLL_MS)
    window.addEventListener('message', onMessage)
    stop.current = () => {
      window.removeEventListener('message', onMessage)
      window.clearInterval(timer)
      popup.current = null
      stop.current = () => {}
    }
  }

  return (
    <Tooltip title="135编辑器">
      <Button className={className} disabled={disabled} onClick={open} aria-label="135编辑器">
        135
      </Button>
    </Tooltip>
  )
}
