import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

type Rgb = readonly [number, number, number]

/**
 * A real PNG (RGB, 8 bit) of the given size: grey, random pixels (incompressible, hence large), or painted by
 * a function of the pixel's position.
 */
export function png(width: number, height: number, fill: boolean | ((x: number, y: number) => Rgb) = false) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const row = 1 + width * 3
  const random = fill === true
  const raw = random ? randomBytes(row * height) : Buffer.alloc(row * height, 0x80)
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0 // filter type none
    if (typeof fill === 'function') for (let x = 0; x < width; x++) raw.set(fill(x, y), y * row + 1 + x * 3)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: random ? 0 : 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** After an image upload the 编辑图片 dialog opens (spec §4); 取消 keeps the uploaded picture. */
export async function closeImageEditor(page: Page) {
  const dialog = page.getByRole('dialog', { name: '编辑图片' })
  await dialog.getByRole('button', { name: /^取\s*消$/ }).click()
  await expect(dialog).toBeHidden()
}

/**
 * Every upload succeeded: the top bar's panel closes on its own (decision 0035), and its 上传列表 button opens it
 * again with 文件上传完成. Waiting for it to close keeps the check independent of the machine's pace.
 */
export async function expectUploadsDone(page: Page) {
  const panel = page.getByRole('region', { name: '上传列表' })
  const toggle = page.getByRole('button', { name: '上传列表', exact: true })
  await expect(toggle).toBeVisible()
  await expect(panel).toBeHidden({ timeout: 30_000 })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(panel).toContainText('文件上传完成')
}

/**
 * A real H.264/AAC clip (ffmpeg's test pattern and a tone; 3 s of 320×180 unless asked otherwise), so the server
 * can probe and transcode it. Encoded fast and coarse: the file stays small, even a long one.
 */
export function clip(name: string, opts: { size?: string; seconds?: number } = {}) {
  const { size = '320x180', seconds = 3 } = opts
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-video-')), name)
  execFileSync('ffmpeg', [
    ...[
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${size}:d=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=d=${seconds}`,
    ],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', file],
  ])
  return readFileSync(file)
}
