import { describe, expect, it } from 'vitest'
import {
  applyMatrix,
  editedFileName,
  exportType,
  fitCrop,
  MIN_CROP,
  moveCrop,
  orientationMatrix,
  ratioValue,
  resizeCrop,
  rotatedSize,
  turn,
  typeOfUrl,
} from '../src/imageEditor/cropMath.ts'

const bounds = { w: 400, h: 200 }

describe('crop ratios', () => {
  it('free has no ratio; fixed ones are width over height', () => {
    expect(ratioValue('free')).toBeUndefined()
    expect(ratioValue('1:1')).toBe(1)
    expect(ratioValue('16:9')).toBeCloseTo(16 / 9)
    expect(ratioValue('4:3')).toBeCloseTo(4 / 3)
  })

  it('fits the largest centred rectangle of the ratio', () => {
    expect(fitCrop(bounds, 'free')).toEqual({ x: 0, y: 0, w: 400, h: 200 })
    expect(fitCrop(bounds, '1:1')).toEqual({ x: 100, y: 0, w: 200, h: 200 })
    // 16:9 across 400 is 225 high: too high, so the height bounds it.
    expect(fitCrop(bounds, '16:9')).toEqual({ x: 22, y: 0, w: 356, h: 200 })
    expect(fitCrop({ w: 300, h: 600 }, '4:3')).toEqual({ x: 0, y: 188, w: 300, h: 225 })
  })
})

describe('moving and resizing the crop', () => {
  it('moves inside the bounds only', () => {
    const r = { x: 100, y: 0, w: 200, h: 200 }
    expect(moveCrop(r, 50, 10, bounds)).toEqual({ x: 150, y: 0, w: 200, h: 200 })
    expect(moveCrop(r, 500, 0, bounds)).toEqual({ x: 200, y: 0, w: 200, h: 200 })
    expect(moveCrop(r, -500, -5, bounds)).toEqual({ x: 0, y: 0, w: 200, h: 200 })
  })

  it('a corner drag keeps the opposite corner and stays inside the bounds', () => {
    const r = { x: 100, y: 50, w: 100, h: 100 }
    expect(resizeCrop(r, 'se', 40, 20, bounds, 'free')).toEqual({ x: 100, y: 50, w: 140, h: 120 })
    expect(resizeCrop(r, 'nw', -40, -80, bounds, 'free')).toEqual({ x: 60, y: 0, w: 140, h: 150 })
    expect(resizeCrop(r, 'se', 1000, 1000, bounds, 'free')).toEqual({ x: 100, y: 50, w: 300, h: 150 })
    expect(resizeCrop(r, 'ne', -1000, 0, bounds, 'free').w).toBe(MIN_CROP)
  })

  it('a fixed ratio is kept, shrinking to the room there is', () => {
    const r = { x: 100, y: 50, w: 100, h: 100 }
    const square = resizeCrop(r, 'se', 60, 10, bounds, '1:1')
    expect(square).toEqual({ x: 100, y: 50, w: 150, h: 150 })
    // Only 150 px below the anchor: the square cannot grow past it.
    expect(resizeCrop(r, 'se', 300, 0, bounds, '1:1')).toEqual({ x: 100, y: 50, w: 150, h: 150 })
    const wide = resizeCrop({ x: 0, y: 0, w: 160, h: 90 }, 'se', 32, 0, bounds, '16:9')
    expect(wide.w / wide.h).toBeCloseTo(16 / 9, 1)
  })
})

describe('orientation', () => {
  it('quarter turns swap the sides and wrap around', () => {
    expect(rotatedSize(bounds, 90)).toEqual({ w: 200, h: 400 })
    expect(rotatedSize(bounds, 180)).toEqual(bounds)
    expect(turn(0, 90)).toBe(90)
    expect(turn(270, 90)).toBe(0)
    expect(turn(0, -90)).toBe(270)
  })

  it('the canvas matrix sends the source corners where the turn and flips put them', () => {
    const size = { w: 4, h: 2 }
    const corner = (m: number[]) => applyMatrix(m, 0, 0)
    const far = (m: number[]) => applyMatrix(m, 4, 0)
    const none = orientationMatrix(size, { rotation: 0, flipH: false, flipV: false })
    expect([corner(none), far(none)]).toEqual([
      [0, 0],
      [4, 0],
    ])
    // Clockwise: the top-left corner goes to the top right of the 2×4 result, the top edge down its right side.
    const cw = orientationMatrix(size, { rotation: 90, flipH: false, flipV: false })
    expect([corner(cw), far(cw)]).toEqual([
      [2, 0],
      [2, 4],
    ])
    const ccw = orientationMatrix(size, { rotation: 270, flipH: false, flipV: false })
    expect([corner(ccw), far(ccw)]).toEqual([
      [0, 4],
      [0, 0],
    ])
    const half = orientationMatrix(size, { rotation: 180, flipH: false, flipV: false })
    expect(corner(half)).toEqual([4, 2])
    const mirrored = orientationMatrix(size, { rotation: 0, flipH: true, flipV: false })
    expect([corner(mirrored), far(mirrored)]).toEqual([
      [4, 0],
      [0, 0],
    ])
    const upsideDown = orientationMatrix(size, { rotation: 0, flipH: false, flipV: true })
    expect(corner(upsideDown)).toEqual([0, 2])
    // Turned and mirrored: still inside the 2×4 output.
    const both = orientationMatrix(size, { rotation: 90, flipH: true, flipV: false })
    expect([corner(both), far(both)]).toEqual([
      [0, 0],
      [0, 4],
    ])
  })
})

describe('export', () => {
  it('keeps the source format a canvas can write, else PNG', () => {
    expect(exportType('image/jpeg')).toBe('image/jpeg')
    expect(exportType('image/webp')).toBe('image/webp')
    expect(exportType('image/png')).toBe('image/png')
    expect(exportType('image/gif')).toBe('image/png')
    expect(exportType('')).toBe('image/png')
  })

  it('types and names follow the URL', () => {
    expect(typeOfUrl('/files/image/2026-11/ab.JPG')).toBe('image/jpeg')
    expect(typeOfUrl('https://x.test/a.webp?v=1')).toBe('image/webp')
    expect(typeOfUrl('/files/a')).toBe('')
    expect(editedFileName('/files/image/2026-11/ab12.gif?x=1', 'image/png')).toBe('ab12.png')
    expect(editedFileName('/files/image/2026-11/ab12.jpeg', 'image/jpeg')).toBe('ab12.jpg')
  })
})
