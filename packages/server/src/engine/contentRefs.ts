import { mediaAccountMessages } from '@moc/domain/api/mediaAccounts'
import type { ResourceDef } from '@moc/domain/resources/types'
import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { mediaAccount } from '../db/tables/media.ts'
import { AppError } from '../platform/errors.ts'

/**
 * Refuses a save whose 媒体号 fields name no existing account (400). A frozen account stays a valid reference,
 * so an older item keeps saving; new picks come from the picker, which lists usable accounts only. Tag ids are
 * not checked: a tag may be deleted at any time, and names are resolved when shown (docs/decisions/0012).
 */
export async function refuseUnknownMediaAccounts(db: Db, def: ResourceDef, values: Record<string, unknown>) {
  const ids = Object.entries(def.fields)
    .filter(([name, f]) => f.kind === 'mediaAccount' && typeof values[name] === 'number')
    .map(([name]) => values[name] as number)
  if (!ids.length) return
  const unique = [...new Set(ids)]
  const found = await db
    .select({ id: mediaAccount.id })
    .from(mediaAccount)
    .where(inArray(mediaAccount.id, unique))
  if (found.length !== unique.length) throw new AppError('BAD_REQUEST', mediaAccountMessages.notFound)
}
