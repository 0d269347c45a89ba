import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { job } from '../src/db/schema.ts'
import { bestPoster, frameColour, imageThumbnail, probe, transcodeHls } from '../src/platform/jobs/media.ts'
import { JobRunner, retryDelayMs } from '../src/platform/jobs/queue.ts'
import { grantedAccount, powerOf } from './grantedAccount.ts'
import { call, engines, login, startTestApp, type TestApp } from './harness.ts'

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('timed out')
}

describe.each(engines)('job queue on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine)
  })
  afterAll(() => t.close())
  const rowOf = async (id: number) => (await t.database.db.select().from(job).where(eq(job.id, id)))[0]!

  it('runs a job once and keeps its result', async () => {
    const runner = new JobRunner(t.database.db, { pollMs: 20 })
    const seen: unknown[] = []
    runner.register('test.echo', async (payload) => {
      seen.push(payload)
      return { echoed: payload.n }
    })
    runner.start()
    const id = await runner.enqueue('test.echo', { n: 7 })
    await until(async () => (await rowOf(id)).state === 'done')
    await runner.stop()
    const row = await rowOf(id)
    expect(row.result).toEqual({ echoed: 7 })
    expect(row.attempts).toBe(1)
    expect(seen).toEqual([{ n: 7 }])
  })

  it('retries a failing job with back-off, then fails it with the error kept', async () => {
    expect([1, 2, 3, 20].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 600_000])
    const runner = new JobRunner(t.database.db, { pollMs: 20 })
    runner.register('test.flaky', async () => {
      throw new Error('转码失败：坏文件')
    })
    const id = await runner.enqueue('test.flaky', {}, { maxAttempts: 2 })
    const first = (await runner.claim())!
    await runner.run(first)
    let row = await rowOf(id)
    expect(row.state).toBe('queued')
    expect(row.lastError).toBe('转码失败：坏文件')
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000)
    // Not due yet: nothing to claim.
    expect(await runner.claim()).toBeUndefined()
    await t.database.db.update(job).set({ runAt: new Date() }).where(eq(job.id, id))
    await runner.run((await runner.claim())!)
    row = await rowOf(id)
    expect(row.state).toBe('failed')
    expect(row.attempts).toBe(2)
    expect(row.finishedAt).not.toBeNull()
  })

  it('two runners never take the same job; an expired lease is taken over', async () => {
    const a = new JobRunner(t.database.db, { leaseMs: 60_000 })
    const b = new JobRunner(t.database.db, { leaseMs: 60_000 })
    for (const r of [a, b]) r.register('test.once', async () => ({}))
    const ids = [await a.enqueue('test.once', { i: 1 }), await a.enqueue('test.once', { i: 2 })]
    const [x, y] = await Promise.all([a.claim(), b.claim()])
    expect(new Set([x?.id, y?.id])).toEqual(new Set(ids))
    expect(await a.claim()).toBeUndefined()
    // b "dies" holding y: once its lease passes, a takes the job over and b's late result is ignored.
    await t.database.db
      .update(job)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(job.id, y!.id))
    const taken = (await a.claim())!
    expect(taken.id).toBe(y!.id)
    expect(taken.attempts).toBe(2)
    await b.run(y!)
    expect((await rowOf(y!.id)).state).toBe('running')
    await a.run(taken)
    expect((await rowOf(y!.id)).state).toBe('done')
  })

  it('后台任务: lists jobs by state for 查看 and re-queues failed ones for 编辑', async () => {
    const admin = await login(t.app)
    const runner = new JobRunner(t.database.db)
    runner.register('test.broken', async () => {
      throw new Error('坏了')
    })
    const id = await runner.enqueue('test.broken', { file: 1 }, { maxAttempts: 1 })
    await runner.run((await runner.claim())!)
    const failed = await call(t.app, 'GET', '/api/job/list?state=failed', { token: admin })
    expect(failed.body.data.items.find((r: { id: number }) => r.id === id)).toMatchObject({
      state: 'failed',
      lastError: '坏了',
      attempts: 1,
    })
    const viewer = await grantedAccount(t, `jobviewer${engine}`, powerOf({ '系统-后台任务': ['查看'] }))
    expect((await call(t.app, 'GET', '/api/job/list', { token: viewer.token })).body.code).toBe(0)
    const denied = await call(t.app, 'POST', '/api/job/retry', { token: viewer.token, body: { ids: [id] } })
    expect(denied.res.statusCode).toBe(403)
    const retried = await call(t.app, 'POST', '/api/job/retry', { token: admin, body: { ids: [id] } })
    expect(retried.body.data.updated).toBe(1)
    expect(await rowOf(id)).toMatchObject({ state: 'queued', attempts: 0 })
  })
})

describe('media processing with ffmpeg and sharp', () => {
  const dir = mkdtempSync(join(tmpdir(), 'moc-media-'))
  const clip = join(dir, 'clip.mp4')
  beforeAll(() => {
    // 3 s: one black second (a fade-in), then a colourful test pattern, with a tone.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=320x180:d=1:r=25',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x180:d=2:r=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1:a=0[v]',
      '-map',
      '[v]',
      '-map',
      '2:a',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      clip,
    ])
  })

  it('probes duration, size and resolution', async () => {
    const p = await probe(clip)
    expect(p.duration).toBeGreaterThan(2.5)
    expect([p.width, p.height, p.hasVideo, p.hasAudio]).toEqual([320, 180, true, true])
  })

  it('transcodes to an HLS playlist with segments', async () => {
    const playlist = await transcodeHls(clip, join(dir, 'hls'), await probe(clip))
    const text = readFileSync(playlist, 'utf8')
    expect(text).toContain('#EXT-X-ENDLIST')
    expect(text).toMatch(/seg0000\.ts/)
    expect(existsSync(join(dir, 'hls', 'seg0000.ts'))).toBe(true)
  })

  it('the poster skips the black opening for the first colourful frame', async () => {
    expect(frameColour(Buffer.alloc(30)).saturation).toBe(0)
    expect(frameColour(Buffer.from([255, 0, 0, 0, 255, 0])).saturation).toBe(1)
    const at = await bestPoster(clip, join(dir, 'poster.jpg'))
    expect(at).toBe(1)
    expect(readFileSync(join(dir, 'poster.jpg')).subarray(0, 2).toString('hex')).toBe('ffd8')
  })

  it('makes image thumbnails', async () => {
    const { default: sharp } = await import('sharp')
    const src = join(dir, 'big.png')
    await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3a7' } })
      .png()
      .toFile(src)
    expect(await imageThumbnail(src, join(dir, 'thumb.jpg'))).toEqual({ width: 1200, height: 600 })
    expect((await sharp(join(dir, 'thumb.jpg')).metadata()).width).toBe(320)
  })
})
