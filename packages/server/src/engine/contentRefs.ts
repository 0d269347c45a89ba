import type { ResourceDef } from '@moc/domain/resources/types'
import type { Db } from '../db/client.ts'
import { refuseUnusableMediaAccounts } from '../modules/mediaAccounts/mediaAccountUsable.ts'

/**
 * Refuses a save whose 媒体号 fields name an account that cannot take content (400, decision 0043): none such,
 * frozen, locked (the lock not yet ended) or not approved. On a modify (`before`: the item's stored values) only a
 * changed account is checked, so an older item under a since-frozen account keeps saving. Tag ids are not checked:
 * a tag may be deleted at any time, and names are resolved when shown (docs/decisions/0012).
 */
export async function refuseUnknownMediaAccounts(
  db: Db,
  def: ResourceDef,
  values: Record<string, unknown>,
  before?: Record<string, unknown>,
) {
  const ids = Object.entries(def.fields)
    .filter(
      ([name, f]) =>
        f.kind === 'mediaAccount' &&
        typeof values[name] === 'number' &&
        (before === undefined || before[name] !== values[name]),
    )
    .map(([name]) => values[name] as number)
  await refuseUnusableMediaAccounts(db, ids)
}
