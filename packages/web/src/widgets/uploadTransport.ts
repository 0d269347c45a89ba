import { UPLOAD_MESSAGES, type UploadKind } from '@moc/domain/rules/upload'
import type { Envelope } from '@moc/domain/transport/envelope'
import { DetailedError, Upload } from 'tus-js-client'
import { API_BASE, screenHeaders } from '../api/client.ts'
import { getToken } from '../api/session.ts'

export interface UploadResult {
  url: string
  key: string
}

/** One running upload: its outcome, and a way to stop it. */
export interface UploadTask {
  done: Promise<UploadResult>
  abort(): void
}

export type OnProgress = (loaded: number, total: number) => void

/** Rejection of a task its owner stopped: not a failure to report. */
export class UploadCancelled extends Error {}

/** tus slices (spec §5 sliced uploads): small enough to lose little on a drop. */
export const TUS_CHUNK_BYTES = 5 * 1024 * 1024
const TUS_ENDPOINT = `${API_BASE}/api/upload/tus`

/** The session token and the screen the upload starts from (the operation log names its page). */
const authHeaders = (): Record<string, string> => {
  const token = getToken()
  return { ...screenHeaders(), ...(token ? { 'x-auth-token': token } : {}) }
}

/** Where an upload goes (media-library images are stored under saas/image/media, spec §9), and its panel name. */
export interface UploadOptions {
  mediaLibrary?: boolean
  /** The name the panel shows, if not the file's (a folder upload shows each file's path in the folder). */
  name?: string
}

/** `POST /api/upload/file` with upload progress (fetch reports none): `kind` before `file`, as the server reads it. */
export function sendSmall(
  file: File,
  kind: UploadKind,
  onProgress: OnProgress,
  opts: UploadOptions = {},
): UploadTask {
  const xhr = new XMLHttpRequest()
  const done = new Promise<UploadResult>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}/api/upload/file`)
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v)
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.total || file.size)
    xhr.onload = () => {
      let env: Envelope<UploadResult> | undefined
      try {
        env = JSON.parse(xhr.responseText) as Envelope<UploadResult>
      } catch {
        env = undefined
      }
      if (env?.code === 0) resolve(env.data)
      else reject(new Error(env?.msg || UPLOAD_MESSAGES.failed))
    }
    xhr.onerror = () => reject(new Error(UPLOAD_MESSAGES.failed))
    xhr.onabort = () => reject(new UploadCancelled())
    const form = new FormData()
    form.append('kind', kind)
    if (opts.mediaLibrary) form.append('target', 'mediaLibrary')
    form.append('file', file)
    xhr.send(form)
  })
  return { done, abort: () => xhr.abort() }
}

/** The server's refusal (a Chinese message in the body), or the generic failure. */
function tusMessage(e: Error) {
  const body = e instanceof DetailedError ? e.originalResponse?.getBody() : undefined
  return body && /[\u4e00-\u9fff]/.test(body) ? body.trim() : UPLOAD_MESSAGES.failed
}

/**
 * A resumable tus upload. Spec §5: the same file (name, size, type, modification time) continues the upload
 * it started earlier, after a network drop or a page reload, without re-sending the slices the server has.
 */
export function sendTus(file: File, kind: UploadKind, onProgress: OnProgress): UploadTask {
  let reject: (e: Error) => void = () => undefined
  let upload: Upload | undefined
  const done = new Promise<UploadResult>((resolve, rej) => {
    reject = rej
    upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: [1000, 3000],
      headers: authHeaders(),
      metadata: { filename: file.name, filetype: file.type, kind },
      fingerprint: async (f) => ['moc-tus', f.name, f.size, f.type, f.lastModified, TUS_ENDPOINT].join('|'),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress,
      onSuccess: ({ lastResponse }) => {
        const url = lastResponse.getHeader('Upload-Url')
        const key = lastResponse.getHeader('Upload-Key')
        if (url && key) resolve({ url, key })
        else rej(new Error(UPLOAD_MESSAGES.failed))
      },
      onError: (e) => rej(new Error(tusMessage(e))),
    })
    const started = upload
    started
      .findPreviousUploads()
      .then((previous) => {
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0]
        if (latest) started.resumeFromPreviousUpload(latest)
        started.start()
      })
      .catch(() => started.start())
  })
  return {
    done,
    abort: () => {
      // Cancelling (spec: 删除后将不可恢复) ends the upload on the server too.
      void upload?.abort(true).catch(() => undefined)
      reject(new UploadCancelled())
    },
  }
}
