import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { setting } from '../../db/schema.ts'
import { LOCAL_FILES_PATH } from './localStorage.ts'

/** Text and jsonb columns that hold addresses of stored files (covers, bodies, media fields, the library). */
const COLUMNS: readonly { table: string; text: readonly string[]; json: readonly string[] }[] = [
  { table: 'content', text: ['cover', 'body'], json: ['extra'] },
  { table: 'resource_version', text: [], json: ['fields'] },
  { table: 'media_file', text: ['url', 'transcode_url', 'cover_url'], json: [] },
  { table: 'media_account', text: ['avatar'], json: [] },
  { table: 'editor_template', text: ['html'], json: [] },
  { table: 'configure_version', text: ['content'], json: [] },
]

/** The `setting` row that records which PUBLIC_URL bases were rewritten (not a system setting: no API shows it). */
export const MEDIA_URLS_REWRITTEN = 'storage.mediaUrlsByPath'

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The PostgreSQL regular expression of an absolute address of a local file: under `publicUrl` (what the server
 * wrote before, PUBLIC_URL or its default http://localhost:PORT) or on a loopback address at any port (an earlier
 * PORT), followed by `/files/` and a spec §9 key family. Group 1 is the key's first segment.
 */
export const absoluteFileUrlPattern = (publicUrl: string) =>
  `(?:${escapeRegex(publicUrl.replace(/\/+$/, ''))}|https?://(?:localhost|127\\.0\\.0\\.1|\\[::1\\])(?::[0-9]+)?)${LOCAL_FILES_PATH}/((?:image|video|audio|attachment|package|saas)/)`

/**
 * Decision 0033: local files are addressed by path (`/files/<key>`), so the console works at whatever address it
 * is reached. Rows written before hold absolute addresses built from PUBLIC_URL; this rewrites them to paths once
 * per PUBLIC_URL (recorded in `setting`), in one transaction, so a second start (or a second instance starting at
 * the same time) finds nothing left to do. Plain SQL (`regexp_replace`), the same on PGlite and PostgreSQL.
 * Returns how many rows changed.
 */
export async function rewriteMediaUrlsByPath(db: Db, publicUrl: string): Promise<number> {
  const base = publicUrl.replace(/\/+$/, '')
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(setting).where(eq(setting.key, MEDIA_URLS_REWRITTEN)).for('update')
    const bases = Array.isArray(done?.value) ? (done.value as string[]) : []
    if (bases.includes(base)) return 0
    const pattern = absoluteFileUrlPattern(base)
    const to = `${LOCAL_FILES_PATH}/\\1`
    let changed = 0
    for (const { table, text, json } of COLUMNS) {
      const sets = [
        ...text.map(
          (c) => sql`${sql.identifier(c)} = regexp_replace(${sql.identifier(c)}, ${pattern}, ${to}, 'g')`,
        ),
        ...json.map(
          (c) =>
            sql`${sql.identifier(c)} = regexp_replace(${sql.identifier(c)}::text, ${pattern}, ${to}, 'g')::jsonb`,
        ),
      ]
      const matches = [
        ...text.map((c) => sql`${sql.identifier(c)} ~ ${pattern}`),
        ...json.map((c) => sql`${sql.identifier(c)}::text ~ ${pattern}`),
      ]
      const result = await tx.execute(
        sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where ${sql.join(matches, sql` or `)}`,
      )
      changed += Number(
        (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
          (result as { rowCount?: number }).rowCount ??
          0,
      )
    }
    const value = [...bases, base]
    await tx
      .insert(setting)
      .values({ key: MEDIA_URLS_REWRITTEN, value })
      .onConflictDoUpdate({ target: setting.key, set: { value, updatedAt: new Date() } })
    return changed
  })
}
