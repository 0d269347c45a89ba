/**
 * Geometry of the image editor page (decision 0016), free of the DOM so it can be tested: rectangles are in
 * pixels of the image *as shown* — after rotation and flips — which is also the exported image's space.
 */

export interface Rect {
  x: number
  y: number
  w: number
  h: number
}

export interface Size {
  w: number
  h: number
}

export type Rotation = 0 | 90 | 180 | 270

export interface Orientation {
  rotation: Rotation
  flipH: boolean
  flipV: boolean
}

/** The crop ratios the editor offers: free, or fixed width:height. */
export const CROP_RATIOS = ['free', '1:1', '16:9', '4:3'] as const
export type CropRatio = (typeof CROP_RATIOS)[number]

/** The smallest crop side, so a handle cannot collapse the selection. */
export const MIN_CROP = 8

/** Width over height of a fixed ratio; undefined when free. */
export function ratioValue(ratio: CropRatio): number | undefined {
  if (ratio === 'free') return undefined
  const [w, h] = ratio.split(':').map(Number)
  return w! / h!
}

/** The size of the image once rotated: a quarter turn swaps the sides. */
export function rotatedSize(size: Size, rotation: Rotation): Size {
  return rotation % 180 === 0 ? { ...size } : { w: size.h, h: size.w }
}

/** The next rotation a quarter turn clockwise (or counter-clockwise with -90). */
export function turn(rotation: Rotation, by: 90 | -90): Rotation {
  return ((((rotation + by) % 360) + 360) % 360) as Rotation
}

/** The largest centred rectangle of the ratio inside the bounds (the whole bounds when free). */
export function fitCrop(bounds: Size, ratio: CropRatio): Rect {
  const r = ratioValue(ratio)
  if (!r) return { x: 0, y: 0, w: bounds.w, h: bounds.h }
  let w = bounds.w
  let h = w / r
  if (h > bounds.h) {
    h = bounds.h
    w = h * r
  }
  w = Math.round(w)
  h = Math.round(h)
  return { x: Math.round((bounds.w - w) / 2), y: Math.round((bounds.h - h) / 2), w, h }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/** The crop dragged by (dx, dy), kept inside the bounds. */
export function moveCrop(rect: Rect, dx: number, dy: number, bounds: Size): Rect {
  return {
    ...rect,
    x: Math.round(clamp(rect.x + dx, 0, bounds.w - rect.w)),
    y: Math.round(clamp(rect.y + dy, 0, bounds.h - rect.h)),
  }
}

export type Handle = 'nw' | 'ne' | 'sw' | 'se'

/**
 * The crop with one corner dragged by (dx, dy): the opposite corner stays put, the dragged one stays inside
 * the bounds, a fixed ratio is kept by shrinking the side that would otherwise leave the bounds.
 */
export function resizeCrop(
  rect: Rect,
  handle: Handle,
  dx: number,
  dy: number,
  bounds: Size,
  ratio: CropRatio,
): Rect {
  const west = handle === 'nw' || handle === 'sw'
  const north = handle === 'nw' || handle === 'ne'
  const anchorX = west ? rect.x + rect.w : rect.x
  const anchorY = north ? rect.y + rect.h : rect.y
  // Room between the anchor and the edge the dragged corner moves towards.
  const roomW = west ? anchorX : bounds.w - anchorX
  const roomH = north ? anchorY : bounds.h - anchorY
  let w = clamp(rect.w + (west ? -dx : dx), MIN_CROP, roomW)
  let h = clamp(rect.h + (north ? -dy : dy), MIN_CROP, roomH)
  const r = ratioValue(ratio)
  if (r) {
    // Follow the larger relative change, then shrink to fit the room.
    if (Math.abs(w - rect.w) / rect.w >= Math.abs(h - rect.h) / rect.h) h = w / r
    else w = h * r
    if (h > roomH) {
      h = roomH
      w = h * r
    }
    if (w > roomW) {
      w = roomW
      h = w / r
    }
  }
  w = Math.round(w)
  h = Math.round(h)
  return { x: west ? anchorX - w : anchorX, y: north ? anchorY - h : anchorY, w, h }
}

/**
 * The canvas transform (a, b, c, d, e, f of `setTransform`) that draws the source image, at (0, 0) in its own
 * pixels, rotated and flipped into the output space of `rotatedSize`.
 */
export function orientationMatrix(
  size: Size,
  { rotation, flipH, flipV }: Orientation,
): [number, number, number, number, number, number] {
  const out = rotatedSize(size, rotation)
  // Rotation about the origin, then moved back into the positive quadrant.
  const rot: Record<Rotation, [number, number, number, number, number, number]> = {
    0: [1, 0, 0, 1, 0, 0],
    90: [0, 1, -1, 0, size.h, 0],
    180: [-1, 0, 0, -1, size.w, size.h],
    270: [0, -1, 1, 0, 0, size.w],
  }
  const [a, b, c, d, e, f] = rot[rotation]
  // Flips act on the output: x → out.w − x, y → out.h − y.
  const sx = flipH ? -1 : 1
  const sy = flipV ? -1 : 1
  return [a * sx, b * sy, c * sx, d * sy, flipH ? out.w - e : e, flipV ? out.h - f : f]
}

/** Where the matrix sends a source point (used by the tests to check corners). */
export function applyMatrix(m: readonly number[], x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = m as [number, number, number, number, number, number]
  return [a * x + c * y + e, b * x + d * y + f]
}

/** Spec §5 image formats a canvas can write: the source's own where possible, PNG for anything else (gif). */
export function exportType(sourceType: string): 'image/png' | 'image/jpeg' | 'image/webp' {
  const t = sourceType.toLowerCase()
  if (t === 'image/jpeg' || t === 'image/jpg') return 'image/jpeg'
  if (t === 'image/webp') return 'image/webp'
  return 'image/png'
}

/** The MIME type an image URL names by its extension ('' when it names none). */
export function typeOfUrl(url: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase()
  const known: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    gif: 'image/gif',
  }
  return (ext && known[ext]) || ''
}

/** File name for the edited image: the source's name with the extension of the exported type. */
export function editedFileName(url: string, type: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop() || 'image'
  const stem = last.includes('.') ? last.slice(0, last.lastIndexOf('.')) : last
  const ext = type === 'image/jpeg' ? 'jpg' : type.slice('image/'.length)
  return `${stem || 'image'}.${ext}`
}
