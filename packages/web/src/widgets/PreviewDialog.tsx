import { Alert, Flex, Modal, Segmented } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { attachHls } from './attachHls.ts'
import { isHls } from './mediaPreview.ts'
import { type PreviewKind, previewKindOf } from './uploadLayout.ts'
import './upload.css'

/** Spec §5: what a file the dialog cannot show gets instead. */
export const NOT_PREVIEWABLE = '此文件不支持预览，请下载后查看'
/** Spec §8. */
const PLAY_FAILED = '播放失败'
/** Spec §9 player rates. */
const RATES = [0.5, 1, 1.5, 2, 5, 10]
const TITLES = { image: '查看图片', video: '查看视频', audio: '查看音频' } as const

function Player({ url, kind }: { url: string; kind: 'video' | 'audio' }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null)
  const [rate, setRate] = useState(1)
  const [failed, setFailed] = useState(false)
  const hls = isHls(url)
  useEffect(() => {
    const media = ref.current
    if (!hls || !media) return
    return attachHls(media, url, () => setFailed(true))
  }, [url, hls])
  const changeRate = (r: number) => {
    setRate(r)
    if (ref.current) ref.current.playbackRate = r
  }
  const Media = kind
  return (
    <Flex vertical gap={12}>
      {failed ? <Alert type="error" showIcon title={PLAY_FAILED} /> : null}
      <Media
        ref={ref}
        // hls.js feeds a playlist through MSE; anything else is the element's own source.
        src={hls ? undefined : url}
        controls
        autoPlay
        loop
        className="moc-preview-dialog__media"
        // The rate survives hls.js re-attaching the source.
        onLoadedMetadata={(e) => {
          e.currentTarget.playbackRate = rate
        }}
        onError={() => setFailed(true)}
      />
      <Segmented
        aria-label="播放速度"
        value={rate}
        onChange={changeRate}
        options={RATES.map((r) => ({ value: r, label: `${r}x` }))}
      />
    </Flex>
  )
}

interface Props {
  url: string | undefined
  /** How to show it; by default from the URL (a playlist plays as video). */
  kind?: PreviewKind
  /** Shown above the player (spec §4: a non-transcoded file's note). */
  note?: string
  onClose: () => void
}

/**
 * The preview dialog (spec §2/§4/§5): images, videos and audio with the spec's rates, looping and autoplaying;
 * m3u8 through hls.js; 800 px wide, 440 px for audio. Callers check `previewKindOf` / `mediaPreviewOf` first
 * and tell the user NOT_PREVIEWABLE for anything else.
 */
export function PreviewDialog({ url, kind: given, note, onClose }: Props) {
  const kind = url ? (given ?? previewKindOf(url)) : null
  return (
    <Modal
      open={Boolean(url && kind)}
      title={kind ? TITLES[kind] : undefined}
      width={kind === 'audio' ? 440 : 800}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {note ? <Alert type="info" showIcon title={note} /> : null}
        {url && kind === 'image' ? <img src={url} alt="" className="moc-preview-dialog__media" /> : null}
        {url && (kind === 'video' || kind === 'audio') ? <Player key={url} url={url} kind={kind} /> : null}
      </Flex>
    </Modal>
  )
}
