import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { job } from '../src/db/schema.ts'
import { JOB_LOST, type JobControl } from '../src/platform/jobs/jobHold.ts'
import {
  bestPoster,
  ffmpegProgress,
  frameColour,
  imageThumbnail,
  probe,
  transcodeHls,
} from '../src/platform/jobs/media.ts'
import { JOB_LEASE_MS, JobRunner, retryDelayMs } from '../src/platform/jobs/queue.ts'
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A promise the test settles from outside (a processor waits on it). */
function gate<T = void>() {
  let open!: (value: T) => void
  const opened = new Promise<T>((r) => {
    open = r
  })
  return { open, opened }
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

  it('renews the lease while a job runs past it, so no other runner takes it; progress is stored and listed', async () => {
    expect(JOB_LEASE_MS).toBeLessThanOrEqual(2 * 60_000)
    const leaseMs = 600
    const a = new JobRunner(t.database.db, { leaseMs })
    const b = new JobRunner(t.database.db, { leaseMs })
    const finish = gate()
    let control: JobControl | undefined
    a.register('test.long', async (_payload, _row, c) => {
      control = c
      c.progress(12.7)
      await finish.opened
      return { ok: true }
    })
    b.register('test.long', async () => ({ by: 'b' }))
    const id = await a.enqueue('test.long', {})
    const running = a.run((await a.claim())!)
    await until(async () => (await rowOf(id)).progress === 12)
    // Four lease lengths pass: the heartbeat keeps the job a's, and b finds nothing to take.
    const end = Date.now() + 4 * leaseMs
    while (Date.now() < end) {
      expect(await b.claim()).toBeUndefined()
      await sleep(leaseMs / 4)
    }
    const held = await rowOf(id)
    expect(held).toMatchObject({ state: 'running', lockedBy: a.workerId, attempts: 1 })
    expect(held.leaseUntil!.getTime()).toBeGreaterThan(Date.now())
    expect(control!.signal.aborted).toBe(false)

    // Progress: whole percents, rising only, at most one write a second; the list shows it.
    control!.progress(40.2)
    control!.progress(41.9)
    control!.progress(30)
    await until(async () => (await rowOf(id)).progress === 41)
    const admin = await login(t.app)
    const listed = await call(t.app, 'GET', '/api/job/list?state=running', { token: admin })
    expect(listed.body.data.items.find((r: { id: number }) => r.id === id)).toMatchObject({
      state: 'running',
      progress: 41,
    })
    finish.open()
    await running
    expect(await rowOf(id)).toMatchObject({ state: 'done', progress: 100, result: { ok: true }, attempts: 1 })
  })

  it('a job taken over after a stall is aborted where it was and leaves the new holder’s row alone', async () => {
    const leaseMs = 600
    const a = new JobRunner(t.database.db, { leaseMs })
    const b = new JobRunner(t.database.db, { leaseMs })
    let abortedWith: unknown
    a.register('test.stall', async (_payload, _row, c) => {
      await new Promise((resolve) => c.signal.addEventListener('abort', resolve))
      abortedWith = c.signal.reason
      c.progress(90)
      return { by: 'a' }
    })
    const release = gate()
    b.register('test.stall', async (_payload, _row, c) => {
      c.progress(30)
      await release.opened
      return { by: 'b' }
    })
    const id = await a.enqueue('test.stall', {})
    const running = a.run((await a.claim())!)
    // a stalls long enough for its lease to pass (as if its heartbeats were held up), and b takes the job.
    await t.database.db
      .update(job)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(job.id, id))
    const taken = (await b.claim())!
    expect(taken).toMatchObject({ id, attempts: 2, lockedBy: b.workerId })
    const second = b.run(taken)
    // a's next renewal finds the job gone: its processor is told to stop, and what it returns is dropped.
    await running
    expect((abortedWith as Error).message).toBe(JOB_LOST)
    await until(async () => (await rowOf(id)).progress === 30)
    await sleep(1_200)
    expect(await rowOf(id)).toMatchObject({
      state: 'running',
      lockedBy: b.workerId,
      progress: 30,
      result: null,
    })
    release.open()
    await second
    expect(await rowOf(id)).toMatchObject({ state: 'done', result: { by: 'b' }, attempts: 2 })
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

  it('reads ffmpeg’s progress report against the expected length', () => {
    const seen: number[] = []
    const feed = ffmpegProgress(4, (f) => seen.push(f))
    feed(Buffer.from('frame=10\nout_time_us=1000000\nprogress=continue\nout_time_us=N/A\nout_ti'))
    feed(Buffer.from('me_us=3000000\nprogress=continue\nout_time_us=9000000\nprogress=end\n'))
    expect(seen).toEqual([0.25, 0.75, 1, 1])
  })

  it('transcodes to an HLS playlist with segments, reporting progress', async () => {
    const seen: number[] = []
    const playlist = await transcodeHls(clip, join(dir, 'hls'), await probe(clip), {
      onProgress: (f) => seen.push(f),
    })
    expect(seen.at(-1)).toBe(1)
    expect(seen).toEqual([...seen].sort((x, y) => x - y))
    const text = readFileSync(playlist, 'utf8')
    expect(text).toContain('#EXT-X-ENDLIST')
    expect(text).toMatch(/seg0000\.ts/)
    expect(existsSync(join(dir, 'hls', 'seg0000.ts'))).toBe(true)
  })

  it('the poster skips the black opening for the first colourful frame', async () => {
    expect(frameColour(Buffer.alloc(30)).saturation).toBe(0)
    expect(frameColour(Buffer.from([255, 0, 0, 0, 255, 0])).saturation).toBe(1)
    const seen: number[] = []
    const at = await bestPoster(clip, join(dir, 'poster.jpg'), {
      duration: 3,
      onProgress: (f) => seen.push(f),
    })
    expect(at).toBe(1)
    expect(seen.at(-1)).toBe(1)
    expect(seen.every((f) => f >= 0 && f <= 1)).toBe(true)
    expect(readFileSync(join(dir, 'poster.jpg')).subarray(0, 2).toString('hex')).toBe('ffd8')
  })

  it('an aborted step kills ffmpeg and rejects with the reason', async () => {
    const lost = new AbortController()
    const facts = await probe(clip)
    const transcoding = transcodeHls(clip, join(dir, 'hls-lost'), facts, { signal: lost.signal })
    lost.abort(new Error('任务已由其他实例接管'))
    await expect(transcoding).rejects.toThrow('任务已由其他实例接管')
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
