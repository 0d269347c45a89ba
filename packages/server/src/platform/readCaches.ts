/**
 * Process-local caches of reads that writes may change (decision 0018): the session lookup, the badges' pending
 * counts, the sensitive-word list's stamp. An entry lives `READ_CACHE_MS`; a write request of the process forgets
 * the caches it may have changed when it starts and when it ends (guard.ts), and a read that overlapped a forget
 * is not kept, so a process sees its own changes at once and another process's within that time.
 */
export class ReadCaches {
  private readonly caches: { cache: ReadCache<unknown>; readsContent: boolean }[] = []

  constructor(readonly ttlMs: number) {}

  /**
   * `readsContent`: the cached read depends on content items (their states, counters); a content-engine write
   * forgets only such caches. `keep`: which values are worth keeping.
   */
  create<V>({ readsContent, keep = () => true }: { readsContent: boolean; keep?: (value: V) => boolean }) {
    const cache = new ReadCache<V>(this.ttlMs, keep)
    this.caches.push({ cache: cache as ReadCache<unknown>, readsContent })
    return cache
  }

  /**
   * Forgets what a write may have changed: a content-engine write (contentOnly) changes content items only, never
   * accounts, roles, departments, sessions, processes or words; any other write may change anything.
   */
  forget(contentOnly: boolean): void {
    for (const c of this.caches) if (c.readsContent || !contentOnly) c.cache.forget()
  }
}

/** Most entries one cache keeps; past it the cache starts over. */
const MAX_ENTRIES = 10_000

export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>()
  /** Reads under way: concurrent misses of a key share one, so an expiry under load costs one query, not fifty. */
  private readonly reading = new Map<string, Promise<V>>()
  /** Bumped by every forget; a read that saw it change is not kept. */
  private generation = 0

  constructor(
    private readonly ttlMs: number,
    private readonly keep: (value: V) => boolean,
  ) {}

  get(key: string, read: () => Promise<V>, now = Date.now()): Promise<V> {
    if (this.ttlMs <= 0) return read()
    const hit = this.entries.get(key)
    if (hit && now - hit.at < this.ttlMs) return Promise.resolve(hit.value)
    const shared = this.reading.get(key)
    if (shared) return shared
    const generation = this.generation
    const pending = read().then(
      (value) => {
        if (this.reading.get(key) === pending) this.reading.delete(key)
        if (generation === this.generation && this.keep(value)) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
          this.entries.set(key, { value, at: now })
        }
        return value
      },
      (err: unknown) => {
        if (this.reading.get(key) === pending) this.reading.delete(key)
        throw err
      },
    )
    this.reading.set(key, pending)
    return pending
  }

  forget(): void {
    this.generation++
    this.entries.clear()
    this.reading.clear()
  }
}
