import { TOAST_ERROR_S } from '@moc/domain/constants'
import { App, Button, Empty, Flex, Modal, Typography } from 'antd'
import { useRef, useState } from 'react'
import { sendSmall } from '../uploadTransport.ts'

/** Spec §8 messages of the cover edit dialog. */
export const SCREENSHOT_MESSAGES = {
  coverFailed: '截取封面失败',
  tainted: '截图失败，可能是由于视频跨域限制',
  loadFailed: '视频加载失败，可能是由于跨域限制',
  notAllowed: '截图失败，请检查视频源是否允许跨域访问',
} as const

class ScreenshotError extends Error {}

/** The video's current frame as a JPEG file. */
async function grabFrame(video: HTMLVideoElement): Promise<File> {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !video.videoWidth)
    throw new ScreenshotError(SCREENSHOT_MESSAGES.notAllowed)
  const canvas = document.createElement('canvas')
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  canvas.getContext('2d')?.drawImage(video, 0, 0)
  const blob = await new Promise<Blob | null>((resolve, reject) => {
    try {
      canvas.toBlob(resolve, 'image/jpeg', 0.9)
    } catch (err) {
      // A frame from another origin without CORS taints the canvas: reading it back is refused.
      reject(
        new ScreenshotError(
          err instanceof DOMException ? SCREENSHOT_MESSAGES.tainted : SCREENSHOT_MESSAGES.notAllowed,
        ),
      )
    }
  })
  if (!blob) throw new ScreenshotError(SCREENSHOT_MESSAGES.notAllowed)
  return new File([blob], `screenshot-${Date.now()}.jpg`, { type: 'image/jpeg' })
}

interface Props {
  /** The selected video; the dialog is open while it is set. */
  video?: { src: string; poster: string | null }
  onClose: () => void
  /** 截取封面: the uploaded frame becomes the video's poster. */
  onCover: (url: string) => void
  /** 截图并插入文章: the uploaded frame goes into the article after the video. */
  onInsert: (url: string) => void
}

/**
 * The cover edit dialog (spec §2, §8): 封面图 (the video's poster), the 视频 itself to seek in, and 截取封面 /
 * 截图并插入文章, which upload the shown frame as a picture. Our media is served with CORS headers, so frames of it
 * can be read back; another site's video without them cannot.
 */
export function CoverDialog({ video, onClose, onCover, onInsert }: Props) {
  const { message } = App.useApp()
  const ref = useRef<HTMLVideoElement>(null)
  const [cover, setCover] = useState<string | null>(null)
  const [busy, setBusy] = useState<'cover' | 'insert'>()
  const shownCover = cover ?? video?.poster ?? null

  async function capture(kind: 'cover' | 'insert') {
    if (!ref.current) return
    setBusy(kind)
    try {
      const file = await grabFrame(ref.current)
      const { url } = await sendSmall(file, 'image', () => undefined).done.catch(() => {
        throw new ScreenshotError(
          kind === 'cover' ? SCREENSHOT_MESSAGES.coverFailed : SCREENSHOT_MESSAGES.notAllowed,
        )
      })
      if (kind === 'cover') {
        setCover(url)
        onCover(url)
      } else onInsert(url)
    } catch (err) {
      message.error(
        err instanceof ScreenshotError ? err.message : SCREENSHOT_MESSAGES.coverFailed,
        TOAST_ERROR_S,
      )
    } finally {
      setBusy(undefined)
    }
  }

  return (
    <Modal
      open={!!video}
      title="视频截图"
      width={820}
      onCancel={() => {
        setCover(null)
        onClose()
      }}
      footer={
        <Flex justify="end" gap={8}>
          <Button loading={busy === 'cover'} disabled={!!busy} onClick={() => void capture('cover')}>
            截取封面
          </Button>
          <Button
            type="primary"
            loading={busy === 'insert'}
            disabled={!!busy}
            onClick={() => void capture('insert')}
          >
            截图并插入文章
          </Button>
        </Flex>
      }
      destroyOnHidden
    >
      <Flex gap={16} wrap>
        <section aria-label="封面图" className="moc-rte-cover">
          <Typography.Text strong>封面图</Typography.Text>
          {shownCover ? <img src={shownCover} alt="封面图" /> : <Empty description="暂无封面" />}
        </section>
        <section aria-label="视频" className="moc-rte-cover">
          <Typography.Text strong>视频</Typography.Text>
          {video ? (
            <video
              ref={ref}
              src={video.src}
              controls
              muted
              preload="auto"
              crossOrigin="anonymous"
              onError={() => message.error(SCREENSHOT_MESSAGES.loadFailed, TOAST_ERROR_S)}
            />
          ) : null}
        </section>
      </Flex>
    </Modal>
  )
}
