import { spawn } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

/** ffmpeg/ffprobe: FFMPEG_PATH/FFPROBE_PATH, else the system binaries (CI installs Debian's ffmpeg). */
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg'
const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe'

interface RunOptions {
  maxStdout?: number
  /** Sees stdout as it comes (ffmpeg's `-progress pipe:1` report, or frames counted as they arrive). */
  onStdout?: (chunk: Buffer) => void
  /** Kills the process (and rejects) when aborted: the job was lost to another worker. */
  signal?: AbortSignal
}

/** Runs a binary; resolves with stdout, rejects with the tail of stderr (ffmpeg's own explanation). */
function run(bin: string, args: string[], opts: RunOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason)
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal })
    const out: Buffer[] = []
    let size = 0
    let err = ''
    child.stdout.on('data', (c: Buffer) => {
      opts.onStdout?.(c)
      size += c.length
      if (size <= (opts.maxStdout ?? 64 * 1024 * 1024)) out.push(c)
    })
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString()).slice(-4000)
    })
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        opts.signal?.aborted
          ? opts.signal.reason
          : new Error(e.code === 'ENOENT' ? `未找到 ${bin}，请安装 ffmpeg` : e.message),
      ),
    )
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out))
        : reject(
            opts.signal?.aborted
              ? opts.signal.reason
              : new Error(`${bin} 失败（${code}）：${err.trim().split('\n').slice(-3).join(' ')}`),
          ),
    )
  })
}

/** How far a media step is, 0–1. */
export type OnFraction = (fraction: number) => void

/** Options of the ffmpeg steps a job runs: progress, and abort when the job is lost. */
export interface StepOptions {
  onProgress?: OnFraction
  signal?: AbortSignal
}

/**
 * Reads ffmpeg's `-progress pipe:1` report (key=value lines): `out_time_us` (microseconds of output written)
 * against the expected output length gives the fraction done; `progress=end` is 1.
 */
export function ffmpegProgress(seconds: number, onProgress: OnFraction): (chunk: Buffer) => void {
  let rest = ''
  return (chunk) => {
    const lines = (rest + chunk.toString()).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) {
      const [key, value] = line.trim().split('=')
      if (key === 'progress' && value === 'end') onProgress(1)
      else if (key === 'out_time_us' && seconds > 0) {
        const us = Number(value)
        if (Number.isFinite(us) && us >= 0) onProgress(Math.min(1, us / (seconds * 1e6)))
      }
    }
  }
}

/** ffmpeg with a progress report to stdout (when asked for) and the step's abort signal. */
function runFfmpeg(args: string[], seconds: number, opts: StepOptions) {
  const report = opts.onProgress ? ['-progress', 'pipe:1', '-nostats'] : []
  return run(FFMPEG, [...report, ...args], {
    signal: opts.signal,
    onStdout: opts.onProgress ? ffmpegProgress(seconds, opts.onProgress) : undefined,
  })
}

export interface MediaProbe {
  duration: number
  size: number
  width: number | null
  height: number | null
  hasVideo: boolean
  hasAudio: boolean
  format: string
}

export async function probe(path: string): Promise<MediaProbe> {
  const out = await run(FFPROBE, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ])
  const info = JSON.parse(out.toString()) as {
    format?: { duration?: string; size?: string; format_name?: string }
    streams?: { codec_type?: string; width?: number; height?: number }[]
  }
  const video = info.streams?.find((s) => s.codec_type === 'video')
  return {
    duration: Number(info.format?.duration ?? 0),
    size: Number(info.format?.size ?? 0),
    width: video?.width ?? null,
    height: video?.height ?? null,
    hasVideo: !!video,
    hasAudio: !!info.streams?.some((s) => s.codec_type === 'audio'),
    format: info.format?.format_name ?? '',
  }
}

/**
 * Transcodes to HLS (VOD playlist `index.m3u8` + 6-second `.ts` segments) in `outDir`: H.264 (veryfast,
 * CRF 23, at most 1080 lines) + AAC 128k, or audio only.
 */
export async function transcodeHls(input: string, outDir: string, media: MediaProbe, opts: StepOptions = {}) {
  await mkdir(outDir, { recursive: true })
  const video = media.hasVideo
    ? [
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-vf',
        'scale=-2:min(1080\\,ih)',
        '-pix_fmt',
        'yuv420p',
      ]
    : ['-vn']
  const audio = media.hasAudio ? ['-c:a', 'aac', '-b:a', '128k'] : ['-an']
  const args = [
    '-v',
    'error',
    '-y',
    '-i',
    input,
    ...video,
    ...audio,
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    join(outDir, 'seg%04d.ts'),
    join(outDir, 'index.m3u8'),
  ]
  await runFfmpeg(args, media.duration, opts)
  return join(outDir, 'index.m3u8')
}

/** Spec §9 "best poster": the first frame (of the first 10 s, one per second) whose mean HSV saturation passes this. */
export const POSTER_MIN_SATURATION = 0.15
/** …and which is not near-black (mean value), so a fade-in does not become the poster. */
export const POSTER_MIN_VALUE = 0.1

/** Mean saturation and value (HSV, 0–1) of an RGB24 frame. */
export function frameColour(rgb: Buffer): { saturation: number; value: number } {
  let s = 0
  let v = 0
  const n = rgb.length / 3
  for (let i = 0; i < rgb.length; i += 3) {
    const max = Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)
    const min = Math.min(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)
    s += max === 0 ? 0 : (max - min) / max
    v += max / 255
  }
  return { saturation: s / n, value: v / n }
}

/** The poster is looked for in the first this many seconds. */
const POSTER_SCAN_S = 10

/**
 * Writes the best poster (JPEG) to `out`; falls back to the first frame when none passes. Returns its second.
 * Progress: the scan of the opening (against `duration`, when known, else the whole scan window).
 */
export async function bestPoster(
  input: string,
  out: string,
  opts: StepOptions & { duration?: number } = {},
): Promise<number> {
  const [w, h] = [32, 18]
  const frameSize = w * h * 3
  // One frame a second comes on stdout: the bytes received tell how much of the opening was scanned.
  const seconds = Math.min(POSTER_SCAN_S, opts.duration || POSTER_SCAN_S)
  let received = 0
  const { onProgress } = opts
  const frames = await run(
    FFMPEG,
    [
      ...['-v', 'error', '-t', String(POSTER_SCAN_S), '-i', input, '-vf', `fps=1,scale=${w}:${h}`],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    {
      signal: opts.signal,
      onStdout: onProgress
        ? (c) => {
            received += c.length
            onProgress(Math.min(1, Math.floor(received / frameSize) / seconds))
          }
        : undefined,
    },
  )
  let at = 0
  for (let i = 0; i * frameSize + frameSize <= frames.length; i++) {
    const c = frameColour(frames.subarray(i * frameSize, (i + 1) * frameSize))
    if (c.saturation >= POSTER_MIN_SATURATION && c.value >= POSTER_MIN_VALUE) {
      at = i
      break
    }
  }
  await run(
    FFMPEG,
    ['-v', 'error', '-y', '-ss', String(at), '-i', input, '-frames:v', '1', '-q:v', '3', out],
    {
      signal: opts.signal,
    },
  )
  onProgress?.(1)
  return at
}

/** Image dimensions and a 320-px-wide JPEG thumbnail (sharp). */
export async function imageThumbnail(input: string, out: string) {
  const { default: sharp } = await import('sharp')
  const meta = await sharp(input).metadata()
  await sharp(input)
    .rotate()
    .resize({ width: 320, withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toFile(out)
  return { width: meta.width ?? 0, height: meta.height ?? 0 }
}

/**
 * 视频剪辑: cuts [start, end) seconds of `input` into an mp4 at `out`. Re-encoded rather than stream-copied so the
 * cut lands on the chosen frame, not the nearest keyframe; faststart so the file plays while downloading.
 */
export async function cutClip(
  input: string,
  out: string,
  start: number,
  end: number,
  opts: StepOptions = {},
) {
  await runFfmpeg(
    [
      ...['-v', 'error', '-y', '-ss', start.toFixed(3), '-i', input, '-t', (end - start).toFixed(3)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', out],
    ],
    end - start,
    opts,
  )
  return out
}
