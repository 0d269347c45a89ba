import { type RedPacketLedgerKind, redPacketMessages } from '@moc/domain/api/redPackets'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rowsOf.ts'
import { AppError } from '../../platform/errors.ts'

/** One movement of an app user's red-packet money (decision 0048): a ledger row and the balance it changes. */
export interface RedPacketMovement {
  userId: number
  /** 分: positive in (a reward, a refund), negative out (a withdrawal held). */
  delta: number
  kind: RedPacketLedgerKind
  ruleId?: number | null
  withdrawalId?: number | null
  inviteeId?: number | null
  remark?: string
}

/**
 * Moves a user's red-packet money: the wallet's balance changes and the ledger row that records it is written in ONE
 * statement (the wallet UPDATE feeds the INSERT), so no row is ever written without its change or the other way
 * round. The UPDATE's condition refuses a balance below zero (409 余额不足; the CHECKs of both tables hold besides),
 * and it locks the wallet row, so concurrent movements of one user queue and each row's `balance` is the balance
 * after it: the ledger is append-only and sums to the wallet. The partial unique indexes of the ledger make a reward
 * (kind, invitee) and a withdrawal's hold or refund (kind, withdrawal) happen once. Call inside a transaction;
 * answers the new balance and the row's id.
 */
export async function moveRedPacket(tx: Db, m: RedPacketMovement): Promise<{ balance: number; id: number }> {
  if (!Number.isSafeInteger(m.delta) || m.delta === 0)
    throw new Error('a red-packet movement is a non-zero integer')
  // The wallet is made on the first movement (a row with 0 whatever the movement, so the UPDATE below decides).
  await tx.execute(
    sql`insert into red_packet_wallet (user_id) values (${m.userId}) on conflict (user_id) do nothing`,
  )
  const res = await tx.execute(sql`
    with w as (
      update red_packet_wallet set balance = balance + ${m.delta}, updated_at = now()
      where user_id = ${m.userId} and balance + ${m.delta} >= 0
      returning user_id, balance
    )
    insert into red_packet_ledger (user_id, delta, balance, kind, rule_id, withdrawal_id, invitee_id, remark)
    select user_id, ${m.delta}, balance, ${m.kind}, ${m.ruleId ?? null}, ${m.withdrawalId ?? null},
      ${m.inviteeId ?? null}, ${m.remark ?? ''} from w
    returning id, balance`)
  const [row] = rowsOf<{ id: number | string; balance: number | string }>(res)
  if (!row) throw new AppError('CONFLICT', redPacketMessages.insufficient)
  return { balance: Number(row.balance), id: Number(row.id) }
}

/** A user's balance (分; 0 without a wallet). */
export async function walletBalance(db: Db, userId: number): Promise<number> {
  const [row] = rowsOf<{ balance: number }>(
    await db.execute(sql`select balance from red_packet_wallet where user_id = ${userId}`),
  )
  return Number(row?.balance ?? 0)
}
