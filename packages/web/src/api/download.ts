import { HTTP_TIMEOUT_MS } from '@moc/domain/constants'
import { ENCRYPT_MARK, encryptHeaders, isSealedBody } from '@moc/domain/transport/codec'
import type { Envelope } from '@moc/domain/transport/envelope'
import { sessionEndCodes } from '@moc/domain/transport/errorCodes'
import { API_BASE, ApiError, clientConfig, endSession } from './client.ts'
import { getToken } from './session.ts'

/** The file name a response offers in Content-Disposition (RFC 6266 filename* first), or `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1]
  if (star) return decodeURIComponent(star)
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback
}

/**
 * POSTs a (sealed) body to a file-producing call and saves the answer as a download. `onProgress` gets the
 * bytes received so far (the server streams, so the total is not known ahead). A JSON answer is an error
 * envelope and is thrown as ApiError with the server's Chinese message.
 */
export async function downloadFile(
  url: string,
  body: unknown,
  fallbackName: string,
  onProgress?: (received: number) => void,
): Promise<{ fileName: string; size: number; headers: Headers }> {
  const { codec } = await clientConfig().catch(() => {
    throw new ApiError(-1, '网络错误')
  })
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  const token = getToken()
  if (token) headers['x-auth-token'] = token
  let payload = JSON.stringify(body)
  let nonce: string | undefined
  if (codec) {
    const sealed = await codec.seal('POST', url, body)
    Object.assign(headers, sealed.headers)
    payload = sealed.body ?? payload
    nonce = sealed.nonce
  }
  let res: Response
  try {
    res = await fetch(`${API_BASE}${url}`, {
      method: 'POST',
      headers,
      body: payload,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    })
  } catch {
    throw new ApiError(-1, '网络错误')
  }
  if (res.headers.get('content-type')?.includes('application/json')) {
    let env: unknown = await res.json().catch(() => null)
    if (codec && nonce && res.headers.get(encryptHeaders.mark) === ENCRYPT_MARK && isSealedBody(env))
      env = await codec.open(nonce, env)
    const e = env as Envelope | null
    if (e && sessionEndCodes.includes(e.code)) {
      // As every other call does: the session is over, back to /login with the reason.
      endSession(e.msg)
    }
    throw new ApiError(e?.code ?? res.status, e?.msg ?? '导出失败')
  }
  if (!res.ok || !res.body) throw new ApiError(res.status, '导出失败')

  const reader = res.body.getReader()
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    received += value.byteLength
    onProgress?.(received)
  }
  const fileName = fileNameOf(res.headers.get('content-disposition'), fallbackName)
  const blob = new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/octet-stream' })
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
  return { fileName, size: received, headers: res.headers }
}
