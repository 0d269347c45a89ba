import type { LockDuration } from '@moc/domain/resources/community/appUser'
import { lockEnd } from '@moc/domain/resources/community/appUser'
import { and, inArray } from 'drizzle-orm'
import { mediaAccount } from '../../db/tables/media.ts'
import { type CommandHandler, registerCommand } from '../../engine/records/recordCommands.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * 冻结 / 解冻 and 锁定 / 解锁 of media accounts (spec §4, §6; decision 0043). Frozen: the app hides the account's
 * content and new content under it is refused; locked: only new content is refused, until the end. A freeze outranks
 * a lock, so a frozen account cannot be locked, and unfreezing makes it 正常.
 */

type Row = Record<string, unknown> & { id: number }

const names = (rows: readonly Row[]) => rows.map((r) => `「${String(r.name || r.id)}」`).join('、')

/** Sets these accounts' state, reason and lock end; answers how many changed. */
async function setState(
  tx: Parameters<CommandHandler>[0]['tx'],
  rows: readonly Row[],
  state: string,
  stateReason = '',
  lockedUntil: Date | null = null,
) {
  if (!rows.length) return 0
  const done = await tx
    .update(mediaAccount)
    .set({ state, stateReason, lockedUntil, updatedAt: new Date() })
    .where(
      and(
        inArray(
          mediaAccount.id,
          rows.map((r) => r.id),
        ),
      ),
    )
    .returning({ id: mediaAccount.id })
  return done.length
}

/** The chosen rows in `state`, or a refusal naming why none is (one row: by name). */
function inState(rows: readonly Row[], state: string, none: string) {
  const found = rows.filter((r) => r.state === state)
  if (!found.length)
    throw new AppError('CONFLICT', rows.length === 1 ? `${names(rows)}${none}` : `选中的媒体号都${none}`)
  return found
}

const freeze: CommandHandler = async ({ tx, rows, input }) => ({
  updated: await setState(tx, rows as Row[], 'frozen', String(input.reason)),
})

const unfreeze: CommandHandler = async ({ tx, rows }) => ({
  updated: await setState(tx, inState(rows as Row[], 'frozen', '未被冻结'), 'normal'),
})

const lock: CommandHandler = async ({ tx, rows, input }) => {
  const frozen = (rows as Row[]).filter((r) => r.state === 'frozen')
  if (frozen.length) throw new AppError('CONFLICT', `已冻结的媒体号不能锁定：${names(frozen)}`)
  const until = lockEnd(input.duration as LockDuration, new Date())
  return {
    updated: await setState(tx, rows as Row[], 'locked', String(input.reason), until),
    lockedUntil: until?.toISOString() ?? null,
  }
}

const unlock: CommandHandler = async ({ tx, rows }) => ({
  updated: await setState(tx, inState(rows as Row[], 'locked', '未被锁定'), 'normal'),
})

registerCommand('mediaAccount', 'freeze', freeze)
registerCommand('mediaAccount', 'unfreeze', unfreeze)
registerCommand('mediaAccount', 'lock', lock)
registerCommand('mediaAccount', 'unlock', unlock)
