import { effectiveLaunchItem } from '@moc/domain/rules/launchItem'
import { describe, expect, it } from 'vitest'
import { type ScheduledSplash, splashSchedule } from '../src/pages/app/splashSchedule.ts'

const day = (d: number) => new Date(Date.UTC(2026, 5, d)).toISOString()
const item = (
  id: number,
  start: number,
  end: number,
  extra: Partial<ScheduledSplash> = {},
): ScheduledSplash => ({
  id,
  title: `闪屏${id}`,
  platforms: ['android'],
  displayStart: day(start),
  displayEnd: day(end),
  verifyState: 1,
  showState: true,
  ...extra,
})

describe('闪屏投放 schedule', () => {
  const from = new Date(day(1))
  const to = new Date(day(11))
  const now = new Date(day(4))

  it('places approved, online windows as bars over the range, overlapping ones in separate lanes', () => {
    const [android, ios] = splashSchedule(
      [
        item(1, 1, 6),
        item(2, 3, 9),
        item(3, 7, 20),
        item(4, 2, 5, { showState: false }),
        item(5, 2, 5, { verifyState: 3 }),
        item(6, 12, 15),
      ],
      from,
      to,
      now,
    )
    expect(android!.bars.map((b) => [b.item.id, b.lane, Math.round(b.left), Math.round(b.width)])).toEqual([
      [1, 0, 0, 50],
      [2, 1, 20, 60],
      [3, 0, 60, 40],
    ])
    expect(android!.lanes).toBe(2)
    expect(ios!.bars).toEqual([])
  })

  it('marks the one the app shows now: in its window, the latest start, then the newest row', () => {
    const [android] = splashSchedule([item(1, 1, 6), item(2, 3, 9), item(7, 3, 5)], from, to, now)
    expect(android!.bars.filter((b) => b.effective).map((b) => b.item.id)).toEqual([7])
    expect(effectiveLaunchItem([item(1, 1, 6), item(2, 5, 9)], now)?.id).toBe(1)
    expect(effectiveLaunchItem([item(1, 5, 6)], now)).toBeUndefined()
  })
})
