import type { SensitiveCheckInput, SensitiveCheckResult } from '@moc/domain/api/sensitiveWords'
import { type SensitiveLevel, wordMessages } from '@moc/domain/api/sensitiveWords'
import type { ResourceDef } from '@moc/domain/resources/types'
import { contentScanInput, SensitiveWordIndex } from '@moc/domain/rules/sensitiveScan'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { sensitiveWord } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import type { ReadCache } from '../../platform/readCaches.ts'
import type { ImageChecker } from './imageChecker.ts'

/**
 * The sensitive-word automaton, built once from the table and rebuilt when the list changes. This process's
 * mutations drop it at once (`invalidate`); a change made by another instance is noticed by the list's stamp
 * (row count, highest id, sum of update times), an aggregate read again once `stamps` has forgotten it: after
 * READ_CACHE_MS, or after any write of this process but a content-engine one (which cannot change words).
 */
export class SensitiveScanner {
  private built:
    | { stamp: string; index: Promise<SensitiveWordIndex>; key: string; ready: boolean }
    | undefined

  constructor(
    private readonly db: Db,
    readonly imageChecker: ImageChecker,
    private readonly stamps?: ReadCache<string>,
  ) {}

  /** Call after every change of the word list. */
  invalidate() {
    this.built = undefined
    this.stamps?.forget()
  }

  private async stamp(via: Db): Promise<string> {
    const [row] = await via
      .select({
        stamp: sql<string>`count(*)::text || ':' || coalesce(max(${sensitiveWord.id}), 0)::text || ':' || coalesce(sum(extract(epoch from ${sensitiveWord.updatedAt})), 0)::text`,
      })
      .from(sensitiveWord)
    return row?.stamp ?? ''
  }

  /**
   * The current list's automaton. `via` is the caller's transaction when it holds one: the embedded database
   * has a single connection, so a query outside the transaction would wait for it forever.
   */
  async index(via: Db = this.db): Promise<SensitiveWordIndex> {
    // A caller inside a transaction never waits for a read outside one (ReadCache shares concurrent reads of a
    // key): on PGlite that read would queue behind the transaction, on a server it may need a pool connection
    // that every waiting transaction holds.
    const key = via === this.db ? 'outside' : 'inside'
    const stamp = await (this.stamps ? this.stamps.get(key, () => this.stamp(via)) : this.stamp(via))
    // The same goes for a list still being read.
    const built = this.built
    if (built?.stamp === stamp && (built.ready || built.key === key)) return built.index
    const index = via
      .select({ word: sensitiveWord.word, level: sensitiveWord.level, category: sensitiveWord.category })
      .from(sensitiveWord)
      .then((rows) => {
        const ready = new SensitiveWordIndex(rows.map((r) => ({ ...r, level: r.level as SensitiveLevel })))
        if (this.built?.index === index) this.built.ready = true
        return ready
      })
    this.built = { stamp, index, key, ready: false }
    // A failed build is not kept: the next scan tries again.
    index.catch(() => {
      if (this.built?.index === index) this.built = undefined
    })
    return index
  }

  /** Words in the text and rich text, and the image checker's verdict on the images, of each input. */
  async checkAll(inputs: readonly SensitiveCheckInput[]): Promise<SensitiveCheckResult[]> {
    const index = await this.index()
    return Promise.all(
      inputs.map(async (input) => ({
        ...index.scan(input),
        images: await this.imageChecker.check(input.images ?? []),
      })),
    )
  }

  async check(input: SensitiveCheckInput): Promise<SensitiveCheckResult> {
    const [result] = await this.checkAll([input])
    return result!
  }

  /**
   * The submission guard (spec §2): refuses, naming the words, when any of the items holds a block-level word.
   * Runs before the transition is written, so nothing changes when it refuses.
   */
  async refuseBlocked(def: ResourceDef, items: readonly Record<string, unknown>[], via: Db = this.db) {
    const index = await this.index(via)
    const blocked = new Set<string>()
    for (const values of items)
      for (const w of index.scan(contentScanInput(def, values)).blocked) blocked.add(w)
    if (blocked.size)
      throw new AppError('VALIDATION', wordMessages.blocked([...blocked]), { blocked: [...blocked] })
  }
}
