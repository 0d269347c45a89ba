import { editorMessages } from '@moc/domain/api/editor'
import './dialogs.css'
import { Alert, Modal } from 'antd'
import { useEffect, useRef } from 'react'
import { currentUser } from '../../../api/session.ts'
import { Loading } from '../../Loading.tsx'
import { htmlFromMessage, xiumiUrl } from './layoutEditorMessages.ts'
import { useEditorConfig } from './useEditorConfig.ts'

interface Props {
  open: boolean
  onClose: () => void
  onInsert: (html: string) => void
}

/**
 * 秀米 (spec §2 rich-text editor): the configured 秀米 page in a frame, bound to the account's `xiumiOpenId`. The
 * page posts its finished layout back; only messages from the configured origins and from this frame count.
 */
export function XiumiDialog({ open, onClose, onInsert }: Props) {
  const config = useEditorConfig()
  const frame = useRef<HTMLIFrameElement>(null)
  const xiumi = config.data?.xiumi ?? null
  const openId = currentUser()?.xiumiOpenId ?? null

  useEffect(() => {
    if (!open || !xiumi) return
    const onMessage = (event: MessageEvent) => {
      const html = htmlFromMessage(event, xiumi.origins, frame.current?.contentWindow)
      if (html === null) return
      onInsert(html)
      onClose()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [open, xiumi, onInsert, onClose])

  let body: React.ReactNode
  if (config.isLoading) body = <Loading />
  else if (config.error) body = <Alert type="error" showIcon title={config.error.message} />
  else if (!xiumi) body = <Alert type="warning" showIcon title={editorMessages.xiumiOff} />
  else if (!openId) body = <Alert type="warning" showIcon title={editorMessages.xiumiNoOpenId} />
  else
    body = (
      <iframe
        ref={frame}
        title="秀米编辑器"
        src={xiumiUrl(xiumi.url, openId)}
        className="rich-text-xiumi-frame"
        allow="clipboard-read; clipboard-write"
      />
    )
  return (
    <Modal open={open} title="秀米" width={1100} footer={null} onCancel={onClose} destroyOnHidden centered>
      {body}
    </Modal>
  )
}
