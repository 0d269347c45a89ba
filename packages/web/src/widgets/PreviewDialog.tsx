import { Alert, Flex, Modal, Segmented } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { attachHls } from './attachHls.ts'
import { isHls } from './mediaPreview.ts'
import { PagPlayer } from './pag/PagPlayer.tsx'
import { type PreviewKind, previewKindOf } from './uploadLayout.ts'
import './upload.css'

/** Spec §5: what a file the dialog cannot show gets instead. */
export const NOT_PREVIEWABLE = '此文件不支持预览，请下载后查看'
/** Spec §8. */
const PLAY_FAILED = '播放失败'
/** Spec §9 player rates. */
const RATES = [0.5, 1, 1.5, 2, 5, 10]
// A .pag is a picture that moves (spec §5 lists it with the images).
const TITLES = { image: '查看图片', pag: '查看图片', video: '查看视频', audio: '查看音频' } as const
/** Spec §9: a load that fails is tried again up to 20 times, 100 ms apart (a just-transcoded file may lag). */
export const PLAYER_RETRIES = 20
const RETRY_MS = 100

function Player({ url, kind }: { url: string; kind: 'video' | 'audio' }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null)
  const [rate, setRate] = useState(1)
  const [attempt, setAttempt] = useState(0)
  const failed = attempt > PLAYER_RETRIES
  const hls = isHls(url)
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Each attempt mounts a fresh element (its key), so the browser and hls.js start loading from scratch.
  const fail = () => {
    if (failed) return
    clearTimeout(retry.current)
    retry.current = setTimeout(() => setAttempt((a) => a + 1), attempt < PLAYER_RETRIES ? RETRY_MS : 0)
  }
  useEffect(() => () => clearTimeout(retry.current), [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt re-attaches to the new element
  useEffect(() => {
    const media = ref.current
    if (!hls || !media || failed) return
    return attachHls(media, url, fail)
  }, [url, hls, attempt])
  // The default rate survives a reload (hls.js re-attaching, a retry's fresh element); the rate applies now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry's element needs the rate too
  useEffect(() => {
    const media = ref.current
    if (!media) return
    media.defaultPlaybackRate = rate
    media.playbackRate = rate
  }, [rate, attempt])
  const Media = kind
  return (
    <Flex vertical gap={12}>
      {failed ? <Alert type="error" showIcon title={PLAY_FAILED} /> : null}
      <Media
        key={attempt}
        ref={ref}
        // hls.js feeds a playlist through MSE; anything else is the element's own source.
        src={hls || failed ? undefined : url}
        controls
        autoPlay
        loop
        className="moc-preview-dialog__media"
        onError={fail}
      />
      <Segmented
        aria-label="播放速度"
        value={rate}
        onChange={setRate}
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
        {url && kind === 'pag' ? (
          <PagPlayer url={url} label="动画" className="moc-preview-dialog__pag" />
        ) : null}
        {url && (kind === 'video' || kind === 'audio') ? <Player key={url} url={url} kind={kind} /> : null}
      </Flex>
    </Modal>
  )
}
