import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react'
import {
  CROP_RATIOS,
  type CropRatio,
  editedFileName,
  exportType,
  fitCrop,
  type Handle,
  moveCrop,
  type Orientation,
  orientationMatrix,
  type Rect,
  resizeCrop,
  rotatedSize,
  type Size,
  turn,
  typeOfUrl,
} from './cropMath.ts'
import { EDITOR_MESSAGES, type EditorMessage, editorMessageOf } from './editorProtocol.ts'

const ZOOM_MIN = 0.25
const ZOOM_MAX = 4
const ZOOM_STEP = 1.25
/** Room the toolbar and the stage's padding take from the frame. */
const CHROME = { w: 32, h: 88 }
const HANDLES: Handle[] = ['nw', 'ne', 'sw', 'se']
const RATIO_NAMES: Record<CropRatio, string> = { free: '自由', '1:1': '1:1', '16:9': '16:9', '4:3': '4:3' }

interface Source {
  img: HTMLImageElement
  size: Size
  url: string
  type: string
}

const post = (msg: EditorMessage) => window.parent.postMessage(msg, window.location.origin)

/** Exports the crop of the oriented image and posts it to the dialog (the answer to finishClip). */
async function finishClip({
  source: s,
  orientation: o,
  crop: c,
}: {
  source?: Source
  orientation: Orientation
  crop: Rect
}) {
  if (!s || c.w < 1 || c.h < 1) return post({ type: 'clipError', message: EDITOR_MESSAGES.loadFailed })
  const out = document.createElement('canvas')
  out.width = c.w
  out.height = c.h
  const ctx = out.getContext('2d')
  const type = exportType(s.type)
  const m = orientationMatrix(s.size, o)
  ctx?.setTransform(m[0], m[1], m[2], m[3], m[4] - c.x, m[5] - c.y)
  ctx?.drawImage(s.img, 0, 0)
  const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, type, 0.92))
  if (!blob) return post({ type: 'clipError', message: EDITOR_MESSAGES.exportFailed })
  post({ type: 'clipResult', blob, name: editedFileName(s.url, blob.type || type) })
}

/**
 * The image editor page (spec §2 编辑图片, DESIGN §3 "an editor page inside an iframe speaking postMessage"):
 * crop (free, 1:1, 16:9, 4:3), quarter turns, flips and zoom on a canvas. The dialog sends the image's URL;
 * on `finishClip` the crop of the oriented image is exported (the source's format where a canvas can write it,
 * else PNG) and posted back as a Blob.
 */
export function ImageEditor() {
  const [source, setSource] = useState<Source>()
  const [error, setError] = useState('')
  const [orientation, setOrientation] = useState<Orientation>({ rotation: 0, flipH: false, flipV: false })
  const [ratio, setRatio] = useState<CropRatio>('free')
  const [crop, setCrop] = useState<Rect>({ x: 0, y: 0, w: 0, h: 0 })
  const [zoom, setZoom] = useState(1)
  const [frame, setFrame] = useState<Size>({ w: window.innerWidth, h: window.innerHeight })
  const canvas = useRef<HTMLCanvasElement>(null)
  // What finishClip exports: the latest state, read from the message handler.
  const latest = useRef({ source, orientation, crop })
  latest.current = { source, orientation, crop }

  const bounds = source ? rotatedSize(source.size, orientation.rotation) : { w: 0, h: 0 }
  const fit = source ? Math.min(1, (frame.w - CHROME.w) / bounds.w, (frame.h - CHROME.h) / bounds.h) : 1
  const scale = Math.max(0.01, fit * zoom)

  const load = useCallback((url: string) => {
    const img = new Image()
    // Our /files answer CORS, so the canvas stays exportable; another site's picture without CORS fails here.
    img.crossOrigin = 'anonymous'
    img.onload = () => {
      const size = { w: img.naturalWidth, h: img.naturalHeight }
      setSource({ img, size, url, type: typeOfUrl(url) || 'image/png' })
      setOrientation({ rotation: 0, flipH: false, flipV: false })
      setRatio('free')
      setCrop(fitCrop(size, 'free'))
      setZoom(1)
      setError('')
    }
    img.onerror = () => {
      setError(EDITOR_MESSAGES.loadFailed)
      post({ type: 'loadError', message: EDITOR_MESSAGES.loadFailed })
    }
    img.src = url
  }, [])

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.source !== window.parent) return
      const msg = editorMessageOf(event, window.location.origin)
      if (msg?.type === 'loadImage') load(msg.url)
      else if (msg?.type === 'finishClip') void finishClip(latest.current)
    }
    const onResize = () => setFrame({ w: window.innerWidth, h: window.innerHeight })
    window.addEventListener('message', onMessage)
    window.addEventListener('resize', onResize)
    post({ type: 'editorReady' })
    return () => {
      window.removeEventListener('message', onMessage)
      window.removeEventListener('resize', onResize)
    }
  }, [load])

  // The whole oriented image, scaled to the stage.
  useEffect(() => {
    const el = canvas.current
    if (!el || !source) return
    el.width = Math.max(1, Math.round(bounds.w * scale))
    el.height = Math.max(1, Math.round(bounds.h * scale))
    const ctx = el.getContext('2d')
    if (!ctx) return
    const m = orientationMatrix(source.size, orientation)
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.clearRect(0, 0, el.width, el.height)
    ctx.setTransform(m[0] * scale, m[1] * scale, m[2] * scale, m[3] * scale, m[4] * scale, m[5] * scale)
    ctx.drawImage(source.img, 0, 0)
  }, [source, orientation, bounds.w, bounds.h, scale])

  function chooseRatio(r: CropRatio) {
    setRatio(r)
    setCrop(fitCrop(bounds, r))
  }

  function rotate(by: 90 | -90) {
    if (!source) return
    const rotation = turn(orientation.rotation, by)
    setOrientation({ ...orientation, rotation })
    // The old selection does not fit the turned image: start again from the largest one of the ratio.
    setCrop(fitCrop(rotatedSize(source.size, rotation), ratio))
  }

  function flip(axis: 'flipH' | 'flipV') {
    setOrientation({ ...orientation, [axis]: !orientation[axis] })
    // The selection keeps covering the same pixels.
    setCrop(
      axis === 'flipH'
        ? { ...crop, x: bounds.w - crop.x - crop.w }
        : { ...crop, y: bounds.h - crop.y - crop.h },
    )
  }

  function reset() {
    if (!source) return
    setOrientation({ rotation: 0, flipH: false, flipV: false })
    setRatio('free')
    setCrop(fitCrop(source.size, 'free'))
    setZoom(1)
  }

  /** Drags the selection (no handle) or one of its corners; screen pixels divided by the scale. */
  function startDrag(e: ReactPointerEvent<HTMLElement>, handle?: Handle) {
    e.preventDefault()
    e.stopPropagation()
    const target = e.currentTarget
    target.setPointerCapture(e.pointerId)
    const start = { x: e.clientX, y: e.clientY, rect: crop }
    const onMove = (ev: PointerEvent) => {
      const dx = (ev.clientX - start.x) / scale
      const dy = (ev.clientY - start.y) / scale
      setCrop(
        handle ? resizeCrop(start.rect, handle, dx, dy, bounds, ratio) : moveCrop(start.rect, dx, dy, bounds),
      )
    }
    const onUp = () => {
      target.removeEventListener('pointermove', onMove)
      target.removeEventListener('pointerup', onUp)
      target.removeEventListener('pointercancel', onUp)
    }
    target.addEventListener('pointermove', onMove)
    target.addEventListener('pointerup', onUp)
    target.addEventListener('pointercancel', onUp)
  }

  const disabled = !source
  return (
    <div className="ie">
      <div className="ie-toolbar" role="toolbar" aria-label="图片编辑工具">
        <fieldset className="ie-group" aria-label="裁剪比例">
          {CROP_RATIOS.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={ratio === r}
              className={ratio === r ? 'ie-on' : undefined}
              disabled={disabled}
              onClick={() => chooseRatio(r)}
            >
              {RATIO_NAMES[r]}
            </button>
          ))}
        </fieldset>
        <span className="ie-group">
          <button type="button" disabled={disabled} onClick={() => rotate(-90)}>
            向左旋转
          </button>
          <button type="button" disabled={disabled} onClick={() => rotate(90)}>
            向右旋转
          </button>
          <button
            type="button"
            disabled={disabled}
            onClick={() => flip('flipH')}
            aria-pressed={orientation.flipH}
          >
            水平翻转
          </button>
          <button
            type="button"
            disabled={disabled}
            onClick={() => flip('flipV')}
            aria-pressed={orientation.flipV}
          >
            垂直翻转
          </button>
        </span>
        <span className="ie-group">
          <button
            type="button"
            disabled={disabled || zoom <= ZOOM_MIN}
            onClick={() => setZoom(Math.max(ZOOM_MIN, zoom / ZOOM_STEP))}
          >
            缩小
          </button>
          <input
            type="range"
            aria-label="缩放"
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={0.05}
            value={zoom}
            disabled={disabled}
            onChange={(e) => setZoom(Number(e.target.value))}
          />
          <button
            type="button"
            disabled={disabled || zoom >= ZOOM_MAX}
            onClick={() => setZoom(Math.min(ZOOM_MAX, zoom * ZOOM_STEP))}
          >
            放大
          </button>
          <output aria-label="缩放比例">{Math.round(scale * 100)}%</output>
        </span>
        <button type="button" disabled={disabled} onClick={reset}>
          重置
        </button>
        <output className="ie-size" aria-label="裁剪尺寸">
          {source ? `${crop.w} × ${crop.h}` : ''}
        </output>
      </div>
      <div className="ie-stage">
        {error ? (
          <p role="alert" className="ie-error">
            {error}
          </p>
        ) : source ? (
          <div className="ie-canvas" style={{ width: bounds.w * scale, height: bounds.h * scale }}>
            <canvas ref={canvas} aria-label="图片" />
            <div
              className="ie-crop"
              role="img"
              aria-label="裁剪区域"
              style={{
                left: crop.x * scale,
                top: crop.y * scale,
                width: crop.w * scale,
                height: crop.h * scale,
              }}
              onPointerDown={(e) => startDrag(e)}
            >
              {HANDLES.map((h) => (
                <span
                  key={h}
                  className={`ie-handle ie-handle--${h}`}
                  onPointerDown={(e) => startDrag(e, h)}
                />
              ))}
            </div>
          </div>
        ) : (
          <p className="ie-loading">加载中...</p>
        )}
      </div>
    </div>
  )
}
