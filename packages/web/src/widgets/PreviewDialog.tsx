import { Flex, Modal, Segmented } from 'antd'
import { useRef, useState } from 'react'
import { previewKindOf } from './uploadLayout.ts'
import './upload.css'

/** Spec §5: what a file the dialog cannot show gets instead. */
export const NOT_PREVIEWABLE = '此文件不支持预览，请下载后查看'
/** Spec §9 player rates. */
const RATES = [0.5, 1, 1.5, 2, 5, 10]
const TITLES = { image: '查看图片', video: '查看视频', audio: '查看音频' } as const

function Player({ url, kind }: { url: string; kind: 'video' | 'audio' }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null)
  const [rate, setRate] = useState(1)
  const changeRate = (r: number) => {
    setRate(r)
    if (ref.current) ref.current.playbackRate = r
  }
  const Media = kind
  return (
    <Flex vertical gap={12}>
      <Media ref={ref} src={url} controls autoPlay loop className="moc-preview-dialog__media" />
      <Segmented
        aria-label="播放速度"
        value={rate}
        onChange={changeRate}
        options={RATES.map((r) => ({ value: r, label: `${r}x` }))}
      />
    </Flex>
  )
}

/**
 * The preview dialog (spec §2/§5): images, videos (mp4) and audio in the browser's own players with the
 * spec's rates, looping and autoplaying; 800 px wide, 440 px for audio. Callers check `previewKindOf` first
 * and tell the user NOT_PREVIEWABLE for anything else.
 */
export function PreviewDialog({ url, onClose }: { url: string | undefined; onClose: () => void }) {
  const kind = url ? previewKindOf(url) : null
  return (
    <Modal
      open={Boolean(url && kind)}
      title={kind ? TITLES[kind] : undefined}
      width={kind === 'audio' ? 440 : 800}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {url && kind === 'image' ? <img src={url} alt="" className="moc-preview-dialog__media" /> : null}
      {url && (kind === 'video' || kind === 'audio') ? <Player url={url} kind={kind} /> : null}
    </Modal>
  )
}
