import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { fail } from '../../platform/errors.ts'
import { recomputeUserLevels } from '../community/levels.ts'

export const POINTS_SHORT = '积分不足'

/** Where a change of points came from (point_log.source); the console shows the label. */
export const POINT_SOURCES = {
  task: '完成任务',
  signin: '签到',
  streak: '连续签到奖励',
  shop: '积分兑换',
  grant: '运营发放',
  invite: '邀请好友',
} as const
export type PointSource = keyof typeof POINT_SOURCES

export interface PointChange {
  userId: number
  /** Positive to give, negative to spend. */
  delta: number
  source: PointSource
  refId?: number | null
  remark?: string
}

type AfterPoints = (tx: Db, userId: number, balance: number) => Promise<void>
const afterPoints: AfterPoints[] = []

/** Runs after every change of a user's points, in its transaction (medals earned by points). */
export function registerAfterPoints(fn: AfterPoints) {
  afterPoints.push(fn)
}

/**
 * Changes a user's points and writes its point_log row in one statement: the UPDATE's condition refuses a spend
 * below zero (409 积分不足) and, with the row locked by it, concurrent changes of one user queue, so `balance` is
 * exact and the ledger sums to app_user.points. Then the user's level follows (levels.ts). Call inside a
 * transaction; returns the new balance.
 */
export async function grantPoints(tx: Db, c: PointChange): Promise<number> {
  if (!Number.isInteger(c.delta) || c.delta === 0) fail('BAD_REQUEST', '积分变动须为非零整数')
  const res = await tx.execute(sql`
    with u as (
      update app_user set points = points + ${c.delta}, updated_at = now()
      where id = ${c.userId} and points + ${c.delta} >= 0
      returning id, points
    )
    insert into point_log (user_id, delta, balance, source, ref_id, remark)
    select id, ${c.delta}, points, ${c.source}, ${c.refId ?? null}, ${c.remark ?? ''} from u
    returning balance`)
  const [row] = rowsOf<{ balance: number }>(res)
  if (!row) fail('CONFLICT', POINTS_SHORT)
  const balance = Number(row!.balance)
  await recomputeUserLevels(tx, [c.userId])
  for (const fn of afterPoints) await fn(tx, c.userId, balance)
  return balance
}
