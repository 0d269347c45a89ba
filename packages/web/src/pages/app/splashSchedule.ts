import type { SplashSchedule } from '@moc/domain/api/openApp'
import { APP_PLATFORMS, type AppPlatform } from '@moc/domain/resources/app/appOptions'
import { effectiveLaunchItem } from '@moc/domain/rules/launchItem'

/** A splash screen as its list answers it: what the delivery schedule reads. */
export interface ScheduledSplash {
  id: number
  title: string
  platforms: string[]
  displayStart: string | null
  displayEnd: string | null
  displayFlag?: number | null
  showState?: boolean
  verifyState?: number
}

/** One bar of the schedule: where it starts and how wide it is (percent of the range), and its lane. */
export interface ScheduleBar {
  item: ScheduledSplash
  left: number
  width: number
  lane: number
  /** The one the app shows now on this platform (effectiveLaunchItem). */
  effective: boolean
}

export interface PlatformSchedule {
  platform: AppPlatform
  label: string
  bars: ScheduleBar[]
  lanes: number
}

/** GET /api/splash/schedule's answer (per platform) as the splash screens it names, each with its platforms. */
export function scheduledSplashes(schedule: SplashSchedule | undefined): ScheduledSplash[] {
  const byId = new Map<number, ScheduledSplash>()
  for (const p of schedule?.platforms ?? [])
    for (const i of p.items) {
      const known = byId.get(i.id)
      if (known) known.platforms.push(p.platform)
      else byId.set(i.id, { ...i, platforms: [p.platform], verifyState: 1, showState: true })
    }
  return [...byId.values()]
}

const at = (v: string | null, open: number) => (v ? new Date(v).getTime() : open)

/**
 * 闪屏投放 (decision 0038): per platform, the approved and 上线 splash screens whose window meets [from, to), each a bar
 * over the range; overlapping bars take separate lanes (greedy, by start), and the one the app shows now is marked.
 */
export function splashSchedule(
  items: readonly ScheduledSplash[],
  from: Date,
  to: Date,
  now: Date,
): PlatformSchedule[] {
  const [a, b] = [from.getTime(), to.getTime()]
  const live = items.filter((i) => i.verifyState === 1 && i.showState !== false)
  return (Object.keys(APP_PLATFORMS) as AppPlatform[]).map((platform) => {
    const mine = live.filter((i) => i.platforms.includes(platform))
    const effective = effectiveLaunchItem(mine, now)
    const inRange = mine
      .map((item) => ({ item, start: at(item.displayStart, a), end: at(item.displayEnd, b) }))
      .filter((x) => x.end > a && x.start < b)
      .sort((x, y) => x.start - y.start || x.item.id - y.item.id)
    const laneEnds: number[] = []
    const bars = inRange.map(({ item, start, end }) => {
      let lane = laneEnds.findIndex((e) => e <= start)
      if (lane < 0) lane = laneEnds.push(end) - 1
      else laneEnds[lane] = end
      const left = ((Math.max(start, a) - a) / (b - a)) * 100
      const right = ((Math.min(end, b) - a) / (b - a)) * 100
      return { item, left, width: Math.max(right - left, 0.5), lane, effective: item.id === effective?.id }
    })
    return { platform, label: APP_PLATFORMS[platform], bars, lanes: Math.max(laneEnds.length, 1) }
  })
}
