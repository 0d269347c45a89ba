/**
 * Process-local caches of reads that writes may change (decision 0018): the session lookup, the badges' pending
 * counts, the sensitive-word list's stamp. An entry lives `READ_CACHE_MS`, and answers on while one read renews
 * it, up to twice that (decision 0027); a write request of the process forgets the caches it may have changed when
 * it starts and when it ends (guard.ts), and a read that overlapped a forget is not kept, so a process sees its own
 * changes at once and another process's within that time and one read.
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
    const age = hit ? now - hit.at : Number.POSITIVE_INFINITY
    if (hit && age < this.ttlMs) return Promise.resolve(hit.value)
    const shared = this.reading.get(key)
    // An entry only expired by time (a forget deletes it) still answers during a second lifetime while one read
    // renews it: under load an expiry no longer holds every request of the key behind that read, once a second
    // (the badges' p99). Another process's change thus shows within the time plus one read.
    if (hit && age < 2 * this.ttlMs) {
      if (!shared) this.renew(key, read, now).catch(() => {})
      return Promise.resolve(hit.value)
    }
    return shared ?? this.renew(key, read, now)
  }

  /** Reads a key once for everyone asking meanwhile; keeps the value unless a forget overlapped the read. */
  private renew(key: string, read: () => Promise<V>, now: number): Promise<V> {
    const generation = this.generation
    const done = (pending: Promise<V>) => {
      if (this.reading.get(key) === pending) this.reading.delete(key)
      return generation === this.generation
    }
    const pending: Promise<V> = read().then(
      (value) => {
        if (!done(pending)) return value
        if (!this.keep(value)) this.entries.delete(key)
        else {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
          this.entries.set(key, { value, at: now })
        }
        return value
      },
      (err: unknown) => {
        // A failed read leaves nothing to answer from: the next request reads again.
        if (done(pending)) this.entries.delete(key)
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
