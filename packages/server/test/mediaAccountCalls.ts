import { expect } from 'vitest'
import { call, type TestApp } from './harness.ts'

/** What an application for a media account needs besides its name (decision 0043). */
export const MEDIA_APPLICATION = {
  type: 'media',
  avatar: '/files/image/2026-11/media-avatar.png',
  certification: '/files/attachment/2026-11/licence.pdf',
  contactName: '王主任',
  contactPhone: '13900000000',
}

/**
 * A media account made as the console makes one (decision 0043): applied for (POST /api/mediaAccount/insert, a
 * draft), submitted and approved through the review centre (by `reviewerToken` when the applicant may not review),
 * so content may name it. Answers its id.
 */
export async function approvedMediaAccount(
  t: TestApp,
  token: string,
  name: string,
  extra: Record<string, unknown> = {},
  reviewerToken = token,
): Promise<number> {
  const step = async (url: string, body: unknown, as = token) => {
    const { body: r } = await call(t.app, 'POST', url, { token: as, body })
    expect(r.code, `${url} ${r.msg}`).toBe(0)
    return r.data
  }
  const { id } = await step('/api/mediaAccount/insert', { ...MEDIA_APPLICATION, name, ...extra })
  await step('/api/mediaAccount/examination', { ids: [id] })
  await step('/api/verify-center/mediaVerify', { id, verifyState: 1 }, reviewerToken)
  return id as number
}
