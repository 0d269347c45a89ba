import { type PortraitRules, regionList } from '@moc/domain/rules/portrait'
import { and, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm'
import { appUser } from '../../db/tables/community.ts'
import { containsPattern } from '../../platform/paging.ts'

const DAY_MS = 86_400_000

/** The users any portrait can reach: app users (not operator accounts) in the 正常 state. */
export const portraitAudience = (): SQL => and(eq(appUser.operator, false), eq(appUser.state, 'normal'))!

/**
 * The app users a portrait's rules match (rules/portrait.ts, decision 0040), as one condition over app_user: any of
 * the tags, the level range, any of the regions (contained in the user's region), active and registered within N
 * days of `now`. Every audience count and every later targeting (pushes, coupons, pop-ups) uses this, with
 * portraitAudience.
 */
export function portraitWhere(rules: PortraitRules, now = new Date()): SQL {
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS)
  const regions = regionList(rules.regions)
  return and(
    portraitAudience(),
    rules.tags.length
      ? or(...rules.tags.map((id) => sql`${appUser.tags} @> ${JSON.stringify([id])}::jsonb`))
      : undefined,
    rules.levelMin === null ? undefined : gte(appUser.level, rules.levelMin),
    rules.levelMax === null ? undefined : lte(appUser.level, rules.levelMax),
    regions.length ? or(...regions.map((r) => ilike(appUser.region, containsPattern(r)))) : undefined,
    rules.activeDays === null ? undefined : gte(appUser.lastActiveAt, since(rules.activeDays)),
    rules.registeredDays === null ? undefined : gte(appUser.createdAt, since(rules.registeredDays)),
  )!
}

/** A portrait row's rules (its columns as stored). */
export const rulesOf = (r: Record<string, unknown>): PortraitRules => ({
  tags: ((r.tags as unknown[] | null) ?? []).map(Number),
  levelMin: (r.levelMin as number | null) ?? null,
  levelMax: (r.levelMax as number | null) ?? null,
  regions: String(r.regions ?? ''),
  activeDays: (r.activeDays as number | null) ?? null,
  registeredDays: (r.registeredDays as number | null) ?? null,
})
