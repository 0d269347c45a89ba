import type { APIRequestContext } from '@playwright/test'
import type { z } from 'zod'
import type {
  openCircleSchema,
  openCommentSchema,
  openContentDetailSchema,
  openContentItemSchema,
  openLoginResultSchema,
  openMembershipSchema,
  openMyPostSchema,
  openPostAddedSchema,
  openPostSchema,
  openProfileSchema,
  openReportSchema,
  openTopicSchema,
  openUploadSchema,
  ReportReason,
  ReportTargetType,
} from '../packages/domain/src/api/openCommunity.ts'
import {
  createClientCodec,
  ENCRYPT_MARK,
  encryptHeaders,
  isSealedBody,
} from '../packages/domain/src/transport/codec.ts'
import { errorCodes } from '../packages/domain/src/transport/errorCodes.ts'
import { E2E_ADMIN_PASSWORD } from '../playwright.config.ts'

/**
 * The app, as e2e journeys play it (decision 0041): calls to `/api/open/…` the way a broadcaster's mobile app makes
 * them — bodies sealed with the server's published key (the e2e server runs with BODY_ENCRYPTION on), the app
 * session as `Authorization: Bearer <token>`. The SMS code is read from the built-in SMS outbox through the console
 * API as the super administrator (GET /api/sms/outbox), as an operator reads the 短信发件箱 screen.
 *
 *   const app = await AppClient.signUp(request, uniquePhone(), { invitationCode: 'ABC123' })
 *   await app.join(circleId)
 *   const { id } = await app.addPost({ circleId, body: '你好' })
 */

type Page<T> = { items: T[]; total: number }
/** errorCodes.VERIFY_CODE_COOLDOWN: a code was sent to the phone less than 29 s ago. */
const VERIFY_CODE_COOLDOWN = errorCodes.VERIFY_CODE_COOLDOWN.code
type Envelope<T> = { code: number; msg: string; data: T }
type Query = Record<string, string | number | undefined>

/** Thrown for an answer whose code is not 0: its status, code and Chinese message. */
export class AppCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
  ) {
    super(msg)
  }
}

/** One sealed API call; answers the envelope whatever its code (`ok` below throws on an error). */
async function sealedFetch<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; envelope: Envelope<T> }> {
  const config = (await (await request.get('/api/session/config')).json()).data
  const codec = await createClientCodec(config.publicKey, config.kid)
  const sealed = await codec.seal(method, url, method === 'POST' ? (body ?? {}) : undefined)
  const res = await request.fetch(url, {
    method,
    headers: {
      ...sealed.headers,
      ...headers,
      ...(sealed.body ? { 'content-type': 'application/json' } : {}),
    },
    data: sealed.body,
  })
  let payload: unknown = await res.json()
  if (res.headers()[encryptHeaders.mark] === ENCRYPT_MARK && isSealedBody(payload))
    payload = await codec.open(sealed.nonce, payload)
  return { status: res.status(), envelope: payload as Envelope<T> }
}

const withQuery = (path: string, query: Query = {}) => {
  const q = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  )
  return q.size ? `${path}?${q}` : path
}

/** The newest SMS code sent to a phone, read from the outbox as the super administrator (console API). */
export async function smsCodeFromOutboxApi(request: APIRequestContext, phone: string): Promise<string> {
  const signedIn = await sealedFetch<{ token: string }>(
    request,
    'POST',
    '/api/admin/login',
    {},
    {
      username: 'admin',
      password: E2E_ADMIN_PASSWORD,
    },
  )
  const token = signedIn.envelope.data.token
  const outbox = await sealedFetch<Page<{ content: string }>>(
    request,
    'GET',
    withQuery('/api/sms/outbox', { phone, page: 1, pageSize: 1 }),
    { 'x-auth-token': token },
  )
  await sealedFetch(request, 'POST', '/api/admin/logout', { 'x-auth-token': token }, {})
  const code = outbox.envelope.data.items[0]?.content.match(/验证码为(\d{6})/)?.[1]
  if (!code) throw new Error(`no code for ${phone} in the SMS outbox`)
  return code
}

export interface SignInOptions {
  invitationCode?: string
  deviceId?: string
  platform?: 'android' | 'ios' | 'harmony'
  model?: string
  appVersion?: string
}

export class AppClient {
  /** The signed-in user as the sign-in answered it (the profile as it was then). */
  user: z.infer<typeof openProfileSchema> | undefined
  /** The sign-in created the user (a sign-up). */
  created = false

  constructor(
    readonly request: APIRequestContext,
    public token?: string,
  ) {}

  /** An envelope whatever its code, with the HTTP status (to check refusals and their messages). */
  async raw<T = unknown>(method: 'GET' | 'POST', url: string, body?: unknown) {
    const auth: Record<string, string> = this.token ? { authorization: `Bearer ${this.token}` } : {}
    return sealedFetch<T>(this.request, method, url, auth, body)
  }

  /** The data of a call that must succeed; anything else throws an AppCallError with the server's message. */
  async ok<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const { status, envelope } = await this.raw<T>(method, url, body)
    if (envelope.code !== 0) throw new AppCallError(status, envelope.code, envelope.msg)
    return envelope.data
  }

  /** Sends a code to `phone`, reads it from the outbox, signs in (signing up on the first time). */
  static async signIn(
    request: APIRequestContext,
    phone: string,
    opts: SignInOptions = {},
  ): Promise<AppClient> {
    const app = new AppClient(request)
    // A phone gets one code per 29 s: a second sign-in soon after the first waits the cooldown out, as a user would.
    const sent = await app.raw<{ cooldown?: number }>('POST', '/api/open/user/sendCode', { phone })
    if (sent.envelope.code === VERIFY_CODE_COOLDOWN) {
      await new Promise((r) => setTimeout(r, ((sent.envelope.data?.cooldown ?? 29) + 1) * 1000))
      await app.ok('POST', '/api/open/user/sendCode', { phone })
    } else if (sent.envelope.code !== 0)
      throw new AppCallError(sent.status, sent.envelope.code, sent.envelope.msg)
    const code = await smsCodeFromOutboxApi(request, phone)
    const result = await app.ok<z.infer<typeof openLoginResultSchema>>('POST', '/api/open/user/login', {
      phone,
      code,
      deviceId: opts.deviceId ?? `e2e-${phone}`,
      platform: opts.platform ?? 'android',
      model: opts.model ?? 'e2e',
      appVersion: opts.appVersion ?? '1.0.0',
      ...(opts.invitationCode ? { invitationCode: opts.invitationCode } : {}),
    })
    app.token = result.token
    app.user = result.user
    app.created = result.created
    return app
  }

  /** `signIn` that must create the user (throws when the phone already has one). */
  static async signUp(
    request: APIRequestContext,
    phone: string,
    opts: SignInOptions = {},
  ): Promise<AppClient> {
    const app = await AppClient.signIn(request, phone, opts)
    if (!app.created) throw new Error(`${phone} was already signed up`)
    return app
  }

  async logout() {
    await this.ok('POST', '/api/open/user/logout', {})
    this.token = undefined
  }

  profile() {
    return this.ok<z.infer<typeof openProfileSchema>>('GET', '/api/open/user/profile')
  }
  updateProfile(
    changes: Partial<
      Pick<z.infer<typeof openProfileSchema>, 'nickname' | 'avatar' | 'gender' | 'region' | 'intro'>
    >,
  ) {
    return this.ok<z.infer<typeof openProfileSchema>>('POST', '/api/open/user/profile', changes)
  }

  /** Uploads a picture or an mp4 (multipart: not sealed, as the console's uploads). */
  async upload(file: { name: string; mimeType: string; buffer: Buffer }) {
    const res = await this.request.post('/api/open/upload', {
      multipart: { file },
      headers: this.token ? { authorization: `Bearer ${this.token}` } : {},
    })
    const envelope = (await res.json()) as Envelope<z.infer<typeof openUploadSchema>>
    if (envelope.code !== 0) throw new AppCallError(res.status(), envelope.code, envelope.msg)
    return envelope.data
  }

  contents(type: string, page = 1, pageSize = 20) {
    return this.ok<Page<z.infer<typeof openContentItemSchema>>>(
      'GET',
      withQuery('/api/open/content/list', { type, page, pageSize }),
    )
  }
  content(id: number) {
    return this.ok<z.infer<typeof openContentDetailSchema>>(
      'GET',
      withQuery('/api/open/content/detail', { id }),
    )
  }

  circles(page = 1, pageSize = 50) {
    return this.ok<Page<z.infer<typeof openCircleSchema>>>(
      'GET',
      withQuery('/api/open/circle/list', { page, pageSize }),
    )
  }
  join(circleId: number) {
    return this.ok<z.infer<typeof openMembershipSchema>>('POST', '/api/open/circle/join', { circleId })
  }
  leave(circleId: number) {
    return this.ok<z.infer<typeof openMembershipSchema>>('POST', '/api/open/circle/leave', { circleId })
  }
  topics(page = 1, pageSize = 50) {
    return this.ok<Page<z.infer<typeof openTopicSchema>>>(
      'GET',
      withQuery('/api/open/topic/list', { page, pageSize }),
    )
  }

  addPost(post: {
    circleId: number
    body: string
    topicId?: number | null
    title?: string
    images?: string[]
    video?: string
  }) {
    return this.ok<z.infer<typeof openPostAddedSchema>>('POST', '/api/open/post/add', post)
  }
  posts(query: { circleId?: number; topicId?: number; page?: number; pageSize?: number } = {}) {
    return this.ok<Page<z.infer<typeof openPostSchema>>>('GET', withQuery('/api/open/post/list', query))
  }
  post(id: number) {
    return this.ok<z.infer<typeof openPostSchema>>('GET', withQuery('/api/open/post/detail', { id }))
  }
  myPosts(page = 1, pageSize = 20) {
    return this.ok<Page<z.infer<typeof openMyPostSchema>>>(
      'GET',
      withQuery('/api/open/post/mine', { page, pageSize }),
    )
  }

  /** Comments on content (`contentId`) or a post (`postId`), optionally replying (`parentId`). */
  comment(on: { contentId: number } | { postId: number }, body: string, parentId: number | null = null) {
    return this.ok<{ id: number; verifyState: number; body: string }>('POST', '/api/open/comment/add', {
      ...on,
      parentId,
      body,
    })
  }
  comments(on: { contentId: number } | { postId: number }, page = 1, pageSize = 20) {
    return this.ok<Page<z.infer<typeof openCommentSchema>>>(
      'GET',
      withQuery('/api/open/comment/list', { ...on, page, pageSize }),
    )
  }

  report(
    targetType: ReportTargetType,
    targetId: number,
    reason: ReportReason,
    extra: { description?: string; images?: string[] } = {},
  ) {
    return this.ok<z.infer<typeof openReportSchema>>('POST', '/api/open/report/add', {
      targetType,
      targetId,
      reason,
      ...extra,
    })
  }
  myReports(page = 1, pageSize = 20) {
    return this.ok<Page<z.infer<typeof openReportSchema>>>(
      'GET',
      withQuery('/api/open/report/mine', { page, pageSize }),
    )
  }
}
