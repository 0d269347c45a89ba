import {
  CODEC_MAX_SKEW_MS,
  createClientCodec,
  encryptHeaders,
  fromBase64Url,
  toBase64Url,
} from '@moc/domain/transport/codec'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateServerKey, ServerCodec } from '../src/platform/codec.ts'
import { ADMIN_PASSWORD, browserCodec, startTestApp, type TestApp } from './harness.ts'

describe('codec (unit): browser seal ↔ server open', () => {
  const key = generateServerKey()
  const server = new ServerCodec(key)
  const markOf = (h: Record<string, string>) => ({
    kid: h[encryptHeaders.kid]!,
    key: h[encryptHeaders.key]!,
    ts: h[encryptHeaders.ts]!,
    nonce: h[encryptHeaders.nonce]!,
  })

  it('round-trips a request and its response', async () => {
    const client = await createClientCodec(key.publicKey, key.kid)
    const sealed = await client.seal('POST', '/api/x?a=1', { 用户名: 'admin', n: 1 })
    const mark = markOf(sealed.headers)
    server.admit(mark)
    expect(server.openRequest(mark, 'POST', '/api/x?a=1', JSON.parse(sealed.body!))).toEqual({
      用户名: 'admin',
      n: 1,
    })
    const reply = server.sealResponse(mark, JSON.stringify({ code: 0, msg: '成功', data: [1, 2] }))
    expect(await client.open(sealed.nonce, JSON.parse(reply))).toEqual({ code: 0, msg: '成功', data: [1, 2] })
  })

  it('refuses a tampered ciphertext, a body moved to another URL and a wrong response nonce', async () => {
    const client = await createClientCodec(key.publicKey, key.kid)
    const sealed = await client.seal('POST', '/api/a', { x: 1 })
    const mark = markOf(sealed.headers)
    const body = JSON.parse(sealed.body!) as { iv: string; c: string }
    const bytes = fromBase64Url(body.c)
    bytes[0] = bytes[0]! ^ 1
    expect(() => server.openRequest(mark, 'POST', '/api/a', { ...body, c: toBase64Url(bytes) })).toThrow(
      errorCodes.CRYPTO_TAMPERED.msg,
    )
    expect(() => server.openRequest(mark, 'POST', '/api/b', body)).toThrow(errorCodes.CRYPTO_TAMPERED.msg)
    const reply = JSON.parse(server.sealResponse(mark, '{}'))
    await expect(client.open('another-nonce-value', reply)).rejects.toThrow()
  })

  it('refuses replays and stale or future timestamps', async () => {
    const client = await createClientCodec(key.publicKey, key.kid)
    const sealed = await client.seal('GET', '/api/x', undefined)
    server.admit(markOf(sealed.headers))
    expect(() => server.admit(markOf(sealed.headers))).toThrow(errorCodes.CRYPTO_REPLAY.msg)
    const old = await client.seal('GET', '/api/x', undefined, Date.now() - CODEC_MAX_SKEW_MS - 1000)
    expect(() => server.admit(markOf(old.headers))).toThrow(errorCodes.CRYPTO_STALE.msg)
    const future = await client.seal('GET', '/api/x', undefined, Date.now() + CODEC_MAX_SKEW_MS + 1000)
    expect(() => server.admit(markOf(future.headers))).toThrow(errorCodes.CRYPTO_STALE.msg)
  })

  it('admits a client whose clock is off once it seals in server time (clock offset)', async () => {
    const behind = 2 * CODEC_MAX_SKEW_MS // this client's clock runs ten minutes slow
    const realNow = Date.now
    Date.now = () => realNow() - behind
    try {
      const client = await createClientCodec(key.publicKey, key.kid, behind)
      const sealed = await client.seal('GET', '/api/x', undefined)
      Date.now = realNow
      expect(() => server.admit(markOf(sealed.headers))).not.toThrow()
    } finally {
      Date.now = realNow
    }
  })

  it('refuses a key id it does not hold and a client key that is not a curve point', async () => {
    const other = generateServerKey()
    const client = await createClientCodec(other.publicKey, other.kid)
    const sealed = await client.seal('POST', '/api/x', {})
    expect(() => server.admit(markOf(sealed.headers))).toThrow(errorCodes.CRYPTO_KEY_UNKNOWN.msg)
    const mine = await createClientCodec(key.publicKey, key.kid)
    const s2 = await mine.seal('POST', '/api/x', {})
    const bad = { ...markOf(s2.headers), key: toBase64Url(new Uint8Array(65).fill(4)) }
    expect(() => server.openRequest(bad, 'POST', '/api/x', JSON.parse(s2.body!))).toThrow(
      errorCodes.CRYPTO_MALFORMED.msg,
    )
  })
})

describe('codec through the API (BODY_ENCRYPTION on)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { BODY_ENCRYPTION: 'on' })
  })
  afterAll(() => t.close())

  const send = async (headers: Record<string, string>, payload?: string, url = '/api/admin/login') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    })

  it('signs in with a sealed body and gets a sealed response', async () => {
    const codec = await browserCodec(t.app)
    const sealed = await codec.seal('POST', '/api/admin/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
    const res = await send(sealed.headers, sealed.body)
    expect(res.statusCode).toBe(200)
    expect(res.headers[encryptHeaders.mark]).toBe('111')
    const env = (await codec.open(sealed.nonce, res.json())) as { code: number; data: { token: string } }
    expect(env.code).toBe(0)
    expect(env.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('seals responses of bodiless GETs too and refuses replaying them', async () => {
    const codec = await browserCodec(t.app)
    const sealed = await codec.seal('GET', '/api/session/config', undefined)
    const first = await t.app.inject({ method: 'GET', url: '/api/session/config', headers: sealed.headers })
    expect(((await codec.open(sealed.nonce, first.json())) as { code: number }).code).toBe(0)
    const again = await t.app.inject({ method: 'GET', url: '/api/session/config', headers: sealed.headers })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe(errorCodes.CRYPTO_REPLAY.code)
  })

  it('answers tampered, replayed, stale, unsealed and garbage bodies with their codes, never 500', async () => {
    const codec = await browserCodec(t.app)
    const login = { username: 'admin', password: ADMIN_PASSWORD }

    const tampered = await codec.seal('POST', '/api/admin/login', login)
    const body = JSON.parse(tampered.body!)
    body.c = `A${body.c.slice(1)}` === body.c ? `B${body.c.slice(1)}` : `A${body.c.slice(1)}`
    const r1 = await send(tampered.headers, JSON.stringify(body))
    expect([r1.statusCode, r1.json().code]).toEqual([400, errorCodes.CRYPTO_TAMPERED.code])

    const replay = await codec.seal('POST', '/api/admin/login', login)
    expect((await send(replay.headers, replay.body)).statusCode).toBe(200)
    const r2 = await send(replay.headers, replay.body)
    expect([r2.statusCode, r2.json().code]).toEqual([409, errorCodes.CRYPTO_REPLAY.code])

    const stale = await codec.seal('POST', '/api/admin/login', login, Date.now() - 10 * 60_000)
    const r3 = await send(stale.headers, stale.body)
    expect([r3.statusCode, r3.json().code]).toEqual([400, errorCodes.CRYPTO_STALE.code])

    const r4 = await send({}, JSON.stringify(login))
    expect([r4.statusCode, r4.json().code]).toEqual([400, errorCodes.CRYPTO_REQUIRED.code])

    const garbage = await codec.seal('POST', '/api/admin/login', login)
    for (const payload of ['{"iv":1}', 'not json', '{"iv":"!!","c":"??"}', '{"iv":"AAAA","c":"AAAA"}']) {
      const fresh = await codec.seal('POST', '/api/admin/login', login)
      const r = await send(fresh.headers, payload)
      expect(r.statusCode, payload).toBe(400)
      expect(r.json().code, payload).toBeGreaterThan(0)
    }
    const badHeader = await send({ ...garbage.headers, [encryptHeaders.ts]: 'soon' }, garbage.body)
    expect([badHeader.statusCode, badHeader.json().code]).toEqual([400, errorCodes.CRYPTO_MALFORMED.code])
  })
})
