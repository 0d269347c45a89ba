import { comment } from '../src/db/schema.ts'
import { appUser, post } from '../src/db/tables/community.ts'
import type { TestApp } from './harness.ts'

/**
 * Test fixture: app users, posts and comments written straight into the tables, as the app-facing
 * API (DESIGN §6a) would leave them — for the console side's tests, which need users with given points, regions,
 * tags, activity and sign-up times, and what they wrote, without signing each one up by SMS.
 */
export interface FixtureUser {
  nickname: string
  phone?: string
  points?: number
  level?: number
  region?: string
  tags?: number[]
  state?: 'normal' | 'locked' | 'cancelled'
  operator?: boolean
  activeDaysAgo?: number | null
  registeredDaysAgo?: number
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000)

export async function insertAppUsers(t: TestApp, users: FixtureUser[]): Promise<number[]> {
  const rows = await t.database.db
    .insert(appUser)
    .values(
      users.map((u) => ({
        nickname: u.nickname,
        phone: u.phone ?? '',
        points: u.points ?? 0,
        level: u.level ?? 1,
        region: u.region ?? '',
        tags: u.tags ?? [],
        state: u.state ?? 'normal',
        operator: u.operator ?? false,
        lastActiveAt:
          u.activeDaysAgo === null || u.activeDaysAgo === undefined ? null : daysAgo(u.activeDaysAgo),
        createdAt: daysAgo(u.registeredDaysAgo ?? 0),
      })),
    )
    .returning({ id: appUser.id })
  return rows.map((r) => r.id)
}

/** A post by `userId`, written `days` ago. */
export async function insertPost(t: TestApp, userId: number, title: string, days = 0): Promise<number> {
  const [row] = await t.database.db
    .insert(post)
    .values({ userId, title, body: `${title}正文`, createdAt: daysAgo(days) })
    .returning({ id: post.id })
  return row!.id
}

/** A comment by `userId` on a post, written `days` ago. */
export async function insertPostComment(t: TestApp, userId: number, postId: number, body: string, days = 0) {
  await t.database.db.insert(comment).values({
    postId,
    contentKind: 'post',
    authorName: 'fixture',
    userId,
    body,
    createdAt: daysAgo(days),
  })
}
