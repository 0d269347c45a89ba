import type { ResourceDef } from '@moc/domain/resources/types'
import { isPrivateKey, storedUrl } from '../../modules/upload/storeUpload.ts'
import type { Ctx } from '../context.ts'

/**
 * The storage key of a URL of our own storage (its path after `/files/` or the bucket's base, without the query), or
 * null for any other address.
 */
export function ownStorageKey(ctx: Ctx, url: string): string | null {
  const own = ctx.storage.publicUrl('')
  const bases = ctx.storage.driver === 'local' ? [own, `${ctx.config.publicUrl}${own}`] : [own]
  const base = bases.find((b) => b && url.startsWith(b))
  return base ? (url.slice(base.length).split('?')[0] ?? null) || null : null
}

/**
 * A record's `file` fields as a reader gets them: a private attachment (a media account's certificate) was stored with
 * the signed URL its upload answered, which lapses after STORAGE_URL_TTL_S; each read signs it anew.
 */
export async function freshFileUrls(
  ctx: Ctx,
  def: Pick<ResourceDef, 'fields'>,
  fields: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const out = { ...fields }
  for (const [name, f] of Object.entries(def.fields)) {
    const v = out[name]
    if (f.kind !== 'file' || typeof v !== 'string') continue
    const key = ownStorageKey(ctx, v)
    if (key && isPrivateKey(key)) out[name] = await storedUrl(ctx, key)
  }
  return out
}
