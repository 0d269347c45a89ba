import { LRUCache } from 'lru-cache'

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

/** Most entries one cache keeps; past it the least recently used go first. */
const MAX_ENTRIES = 10_000

/** A kept read and when it began. */
interface Box<V> {
  value: V
  at: number
}

/**
 * One cached read per key on lru-cache's `fetch` (one read in flight per key, stale-while-revalidate): fresh for
 * the time, then answering from the entry while one read renews it, up to twice the time; past that a caller waits
 * for a fresh read. A forget clears the cache, which aborts the reads under way: their values are not kept, and a
 * later caller reads anew instead of joining them.
 */
export class ReadCache<V> {
  private readonly lru: LRUCache<string, Box<V>, () => Promise<V>>
  /** Bumped by every forget: a caller whose shared read a forget aborted reads anew. */
  private generation = 0

  constructor(
    private readonly ttlMs: number,
    private readonly keep: (value: V) => boolean,
    private readonly clock: { now(): number } = performance,
  ) {
    this.lru = new LRUCache({
      max: MAX_ENTRIES,
      ttl: Math.max(1, 2 * ttlMs),
      perf: clock,
      fetchMethod: async (_key, _stale, { context }) => {
        const at = clock.now()
        return { value: await context(), at }
      },
    })
  }

  get(key: string, read: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return read()
    const hit = this.lru.get(key, { allowStale: true })
    const age = hit ? this.clock.now() - hit.at : Number.POSITIVE_INFINITY
    if (hit && age < this.ttlMs) return Promise.resolve(hit.value)
    // An entry only expired by time (a forget clears it) still answers during a second lifetime while one read
    // renews it: under load an expiry no longer holds every request of the key behind that read, once a second
    // (the badges' p99). Another process's change thus shows within the time plus one read.
    const stale = hit !== undefined && age < 2 * this.ttlMs
    let mine: Promise<V> | undefined
    const generation = this.generation
    const fetched = this.lru.fetch(key, {
      forceRefresh: true,
      allowStale: stale,
      context: () => {
        mine = read()
        return mine
      },
    })
    const settled = fetched.then((box) => {
      // Values `keep` refuses (an unknown session token) answer their caller but are not kept.
      if (box && !this.keep(box.value) && this.lru.peek(key, { allowStale: true }) === box)
        this.lru.delete(key)
      return box
    })
    if (stale) {
      // A failed renewal leaves no entry (lru-cache deletes it): the next request reads again.
      settled.catch(() => {})
      return Promise.resolve(hit.value)
    }
    // A read a forget aborted: its own caller still gets its value; one who joined it reads anew.
    return settled.then(
      (box) => box!.value,
      (err: unknown) => {
        if (mine) return mine
        if (generation === this.generation) throw err
        return this.get(key, read)
      },
    )
  }

  forget(): void {
    this.generation++
    this.lru.clear()
  }
}
