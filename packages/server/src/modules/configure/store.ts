import {
  CONFIGURE_MAX_CHARS,
  CONFIGURE_RECENT_VERSIONS,
  type ConfigureDoc,
  type ConfigureType,
  type ConfigureVersion,
  configureMessages,
} from '@moc/domain/api/configure'
import { richTextWithin } from '@moc/domain/rules/htmlText'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { configureVersion } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { sanitizeRichText } from '../../platform/richText.ts'
import type { Settings } from '../../platform/settings.ts'

/** Who saves a version. */
export interface Author {
  adminId: number
  username: string
}

const versionColumns = {
  id: configureVersion.id,
  username: configureVersion.username,
  createdAt: configureVersion.createdAt,
  size: sql<number>`octet_length(${configureVersion.content})`.mapWith(Number),
}
const toVersion = (r: { id: number; username: string; createdAt: Date; size: number }): ConfigureVersion => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
})

/** 运营配置 texts: every save is a new row of configure_version; the newest row of a type is its current text. */
export class ConfigureStore {
  constructor(
    private readonly db: Db,
    private readonly settings: Settings,
  ) {}

  /** The current text of a type ('' before its first save) and its latest versions. */
  async current(type: ConfigureType): Promise<ConfigureDoc> {
    const [latest] = await this.db
      .select()
      .from(configureVersion)
      .where(eq(configureVersion.type, type))
      .orderBy(desc(configureVersion.id))
      .limit(1)
    const { items } = await this.versions(type, 1, CONFIGURE_RECENT_VERSIONS)
    return {
      type,
      content: latest?.content ?? '',
      updatedAt: latest?.createdAt.toISOString() ?? null,
      updatedBy: latest?.username ?? null,
      versions: items,
    }
  }

  /** A type's versions, newest first (index configure_version_type). */
  async versions(type: ConfigureType, page: number, pageSize: number) {
    const where = eq(configureVersion.type, type)
    const [rows, [total]] = await Promise.all([
      this.db
        .select(versionColumns)
        .from(configureVersion)
        .where(where)
        .orderBy(desc(configureVersion.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(configureVersion).where(where),
    ])
    return { items: rows.map(toVersion), total: total?.n ?? 0 }
  }

  /** One version with its text. */
  async version(type: ConfigureType, id: number) {
    const [row] = await this.db
      .select()
      .from(configureVersion)
      .where(and(eq(configureVersion.type, type), eq(configureVersion.id, id)))
      .limit(1)
    if (!row) throw new AppError('NOT_FOUND', configureMessages.versionMissing)
    return {
      ...toVersion({ ...row, size: Buffer.byteLength(row.content) }),
      type,
      content: row.content,
    }
  }

  /** Sanitizes and stores a new version; returns its id. */
  async save(type: ConfigureType, html: string, author: Author): Promise<number> {
    const content = sanitizeRichText(html, (await this.settings.get('editor')).embedOrigins)
    if (!richTextWithin(content, CONFIGURE_MAX_CHARS))
      throw new AppError('VALIDATION', configureMessages.tooLong)
    const [row] = await this.db
      .insert(configureVersion)
      .values({ type, content, adminId: author.adminId, username: author.username })
      .returning({ id: configureVersion.id })
    return row!.id
  }

  /** Makes an earlier version current again by saving its text as the newest version. */
  async restore(type: ConfigureType, id: number, author: Author): Promise<number> {
    const old = await this.version(type, id)
    return this.save(type, old.content, author)
  }
}
