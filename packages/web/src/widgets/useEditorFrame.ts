import { useCallback, useEffect, useRef, useState } from 'react'
import { EDITOR_MESSAGES, type EditorMessage, editorMessageOf } from '../imageEditor/editorProtocol.ts'

/** Spec §4 image edit: the dialog submits 50 ms after posting finishClip. */
export const FINISH_CLIP_DELAY_MS = 50
/** A frame that never answers (closed, crashed) must not keep 确定 spinning. */
const CLIP_TIMEOUT_MS = 30_000

interface Pending {
  resolve(file: File): void
  reject(err: Error): void
}

/**
 * The dialog's side of the editor protocol (decision 0016): hands the frame the image once it is listening,
 * reports a picture it cannot draw, and `finishClip()` asks for the edited image — posted, then awaited no
 * sooner than 50 ms later (spec §4) — as a File named after the source.
 */
export function useEditorFrame(url: string) {
  const frame = useRef<HTMLIFrameElement>(null)
  const pending = useRef<Pending | undefined>(undefined)
  const [loadError, setLoadError] = useState('')
  const origin = window.location.origin

  useEffect(() => {
    const send = (msg: EditorMessage) => frame.current?.contentWindow?.postMessage(msg, origin)
    function onMessage(event: MessageEvent) {
      if (!frame.current || event.source !== frame.current.contentWindow) return
      const msg = editorMessageOf(event, origin)
      if (msg?.type === 'editorReady') send({ type: 'loadImage', url })
      else if (msg?.type === 'loadError') setLoadError(msg.message)
      else if (msg?.type === 'clipResult')
        pending.current?.resolve(new File([msg.blob], msg.name, { type: msg.blob.type }))
      else if (msg?.type === 'clipError') pending.current?.reject(new Error(msg.message))
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [url, origin])

  const finishClip = useCallback(async (): Promise<File> => {
    const result = new Promise<File>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(EDITOR_MESSAGES.exportFailed)), CLIP_TIMEOUT_MS)
      pending.current = {
        resolve: (file) => {
          clearTimeout(timer)
          resolve(file)
        },
        reject: (err) => {
          clearTimeout(timer)
          reject(err)
        },
      }
    })
    frame.current?.contentWindow?.postMessage({ type: 'finishClip' } satisfies EditorMessage, origin)
    await new Promise((r) => setTimeout(r, FINISH_CLIP_DELAY_MS))
    try {
      return await result
    } finally {
      pending.current = undefined
    }
  }, [origin])

  return { frame, loadError, finishClip }
}
