/**
 * Uploads and transcoding (issue 5 targets): a 1 GB file through tus over loopback into local storage (MB/s, and
 * the server's peak RSS, which must stay flat because bodies stream to disk), then the transcode of a generated
 * 60 s 1080p clip to HLS with the server's own ffmpeg settings.
 * Usage: npm run build && npm run bench:media [-- --mb 1024 --chunk-mb 64 --clip-s 60]
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { parseArgs } from 'node:util'
import { probe, transcodeHls } from '../packages/server/src/platform/jobs/media.ts'
import { freshPgDatabase } from './lib/pg.ts'
import { base, rssMb, startServer, stop } from './lib/server.ts'

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '1024' },
    'chunk-mb': { type: 'string', default: '64' },
    'clip-s': { type: 'string', default: '60' },
  },
})
const SIZE = Number(args.mb) * 1024 * 1024
const CHUNK = Number(args['chunk-mb']) * 1024 * 1024
const PASSWORD = 'Bench-Admin@2026'
const dataDir = mkdtempSync(join(tmpdir(), 'moc-bench-media-'))

/** `length` bytes of an mp4-looking stream (ftyp header, then filler), generated as it is read. */
function body(offset: number, length: number) {
  const header = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
  ])
  const block = Buffer.alloc(1024 * 1024, 7)
  let sent = 0
  return Readable.from(
    (function* () {
      while (sent < length) {
        const n = Math.min(block.length, length - sent)
        const chunk = Buffer.from(block.subarray(0, n))
        if (offset + sent === 0) header.copy(chunk)
        sent += n
        yield chunk
      }
    })(),
  )
}

async function uploadRun() {
  // On PostgreSQL, so the server's memory is the upload path's own (embedded PGlite would add its database).
  const database = freshPgDatabase()
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    BODY_ENCRYPTION: 'off',
    JOB_CONCURRENCY: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  })
  try {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    })
    const token = ((await login.json()) as { data: { token: string } }).data.token
    const h = { 'tus-resumable': '1.0.0', 'x-auth-token': token }
    const b64 = (s: string) => Buffer.from(s).toString('base64')
    const created = await fetch(`${base}/api/upload/tus`, {
      method: 'POST',
      headers: {
        ...h,
        'upload-length': String(SIZE),
        'upload-metadata': `filename ${b64('bench.mp4')},filetype ${b64('video/mp4')},kind ${b64('video')}`,
      },
    })
    const location = new URL(created.headers.get('location') ?? '', base)
    const rssStart = rssMb(server.proc.pid!, 'VmRSS')
    const t0 = performance.now()
    for (let offset = 0; offset < SIZE; offset += CHUNK) {
      const length = Math.min(CHUNK, SIZE - offset)
      const res = await fetch(location, {
        method: 'PATCH',
        headers: {
          ...h,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(length),
        },
        body: body(offset, length) as unknown as BodyInit,
        duplex: 'half',
      } as RequestInit)
      if (res.status !== 204) throw new Error(`PATCH at ${offset}: ${res.status} ${await res.text()}`)
    }
    const seconds = (performance.now() - t0) / 1000
    return {
      mb: SIZE / 1024 / 1024,
      seconds: seconds.toFixed(1),
      mbPerS: Math.round(SIZE / 1024 / 1024 / seconds),
      rssStartMb: rssStart,
      peakRssMb: rssMb(server.proc.pid!, 'VmHWM'),
    }
  } finally {
    await stop(server)
    database?.drop()
  }
}

async function transcodeRun() {
  const clip = join(dataDir, 'clip1080.mp4')
  const seconds = args['clip-s']
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=1920x1080:d=${seconds}:r=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    clip,
  ])
  const media = await probe(clip)
  const t0 = performance.now()
  await transcodeHls(clip, join(dataDir, 'hls'), media)
  const took = (performance.now() - t0) / 1000
  return {
    clipSeconds: Number(media.duration.toFixed(1)),
    transcodeSeconds: Number(took.toFixed(1)),
    speed: `${(media.duration / took).toFixed(1)}x`,
  }
}

try {
  console.log('tus upload over loopback:', await uploadRun())
  console.log('HLS transcode of a generated 1080p clip:', await transcodeRun())
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
