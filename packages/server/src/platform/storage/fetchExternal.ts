import { lookup } from 'node:dns/promises'
import { createWriteStream } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP } from 'node:net'
import { pipeline } from 'node:stream/promises'

/** Why an external fetch was refused; the message is for the operation log and the editor's error. */
export class FetchRefused extends Error {}

/**
 * Addresses a server-side fetch must never reach (SSRF): loopback, private, link-local (incl. the cloud
 * metadata address 169.254.169.254), CGNAT, unspecified, multicast and reserved ranges, v4 and v6.
 */
const blockedV4 = new BlockList()
// Kept apart: a BlockList checks IPv4 addresses against its IPv4-mapped IPv6 rules too.
const blockedV6 = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blockedV4.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  // Local-use NAT64, Teredo and 6to4 embed an IPv4 address, which may be a private one.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fec0::', 10],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blockedV6.addSubnet(net, bits, 'ipv6')

export const isBlockedAddress = (address: string) => {
  const family = isIP(address)
  if (family === 0) return true
  return family === 4 ? blockedV4.check(address, 'ipv4') : blockedV6.check(address, 'ipv6')
}

export interface FetchLimits {
  maxBytes: number
  timeoutMs: number
  maxRedirects: number
  /** `host:port` origins on private addresses that are nonetheless allowed (an intranet image server). */
  allowedPrivate: readonly string[]
}

/** Resolves a URL's host to one address it is safe to connect to, or refuses. */
async function vet(url: URL, limits: FetchLimits): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('只支持 http/https 地址')
  if (url.username || url.password) throw new FetchRefused('地址不能包含账号密码')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true }).catch(() => {
        throw new FetchRefused('无法解析地址')
      })
  if (addresses.length === 0) throw new FetchRefused('无法解析地址')
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  const privateOk = limits.allowedPrivate.includes(`${url.hostname}:${port}`)
  // Every address the name resolves to must be safe: a rebinding name cannot pick the private one later,
  // because the connection is pinned to the address vetted here.
  if (!privateOk && addresses.some((a) => isBlockedAddress(a.address)))
    throw new FetchRefused('不允许访问内网地址')
  return addresses[0]!
}

function request(url: URL, pinned: { address: string; family: number }, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = client.get(
      url,
      {
        signal,
        headers: { 'user-agent': 'MediaOpsConsole/1.0 (+image re-hosting)', accept: 'image/*' },
        lookup: (_h, opts, cb) => {
          if ((opts as { all?: boolean }).all) cb(null, [pinned] as never)
          else cb(null, pinned.address, pinned.family)
        },
      },
      resolve,
    )
    req.on('error', reject)
  })
}

/**
 * Downloads an external URL into `path` under the SSRF guard: http/https only, every hop's address vetted
 * and the connection pinned to it, at most `maxRedirects` redirects (each re-checked), a byte cap and an
 * overall time cap. Returns the final URL and the response's content type.
 */
export async function fetchExternal(raw: string, path: string, limits: FetchLimits) {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new FetchRefused('图片地址无效')
  }
  const signal = AbortSignal.timeout(limits.timeoutMs)
  for (let hop = 0; ; hop++) {
    const pinned = await vet(url, limits)
    const res = await request(url, pinned, signal).catch((err: Error) => {
      throw new FetchRefused(
        err.name === 'TimeoutError' || err.name === 'AbortError' ? '下载超时' : '下载失败',
      )
    })
    const status = res.statusCode ?? 0
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume()
      if (hop >= limits.maxRedirects) throw new FetchRefused('重定向次数过多')
      try {
        url = new URL(res.headers.location, url)
      } catch {
        throw new FetchRefused('重定向地址无效')
      }
      continue
    }
    if (status !== 200) {
      res.resume()
      throw new FetchRefused(`下载失败（HTTP ${status}）`)
    }
    const declared = Number(res.headers['content-length'] ?? 0)
    if (declared > limits.maxBytes) {
      res.destroy()
      throw new FetchRefused('文件过大')
    }
    let received = 0
    res.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > limits.maxBytes) res.destroy(new FetchRefused('文件过大'))
    })
    try {
      await pipeline(res, createWriteStream(path), { signal })
    } catch (err) {
      throw err instanceof FetchRefused ? err : new FetchRefused('下载失败')
    }
    return { url, contentType: String(res.headers['content-type'] ?? '') }
  }
}
