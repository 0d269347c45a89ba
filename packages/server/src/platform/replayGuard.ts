/**
 * The codec's replay guard: remembers each admitted nonce for as long as its timestamp is fresh, in
 * buckets per second of timestamp, so a whole second is forgotten at once when it goes stale (no sweep
 * over every nonce, which paused the event loop for milliseconds at high rates).
 *
 * Memory is bounded: beyond `cap` nonces the oldest seconds are forgotten early and their timestamps
 * refused as stale from then on. Only a flood reaches the cap; it narrows the accepted window from its
 * old end, where no client keeping its clock near the server's sends from.
 */
export type Admission = 'ok' | 'stale' | 'replay'

export class ReplayGuard {
  private readonly buckets = new Map<number, Set<string>>()
  private size = 0
  /** Seconds below this were forgotten under pressure and are refused. */
  private floor = Number.NEGATIVE_INFINITY
  private lastPrune = 0

  constructor(
    private readonly maxSkewMs: number,
    private readonly cap = 100_000,
  ) {}

  admit(nonce: string, ts: number, now: number): Admission {
    if (Math.abs(now - ts) > this.maxSkewMs) return 'stale'
    const second = Math.floor(ts / 1000)
    if (second < this.floor) return 'stale'
    if (now - this.lastPrune >= 1000) this.prune(now)
    let bucket = this.buckets.get(second)
    if (bucket?.has(nonce)) return 'replay'
    if (this.size >= this.cap) {
      this.evictOldest()
      if (second < this.floor) return 'stale'
      bucket = this.buckets.get(second)
    }
    if (!bucket) {
      bucket = new Set()
      this.buckets.set(second, bucket)
    }
    bucket.add(nonce)
    this.size++
    return 'ok'
  }

  /** How many nonces are remembered (tests, metrics). */
  get remembered() {
    return this.size
  }

  /** Forgets the seconds whose every timestamp is stale by now. */
  private prune(now: number) {
    this.lastPrune = now
    for (const [second, bucket] of this.buckets)
      if ((second + 1) * 1000 + this.maxSkewMs < now) {
        this.size -= bucket.size
        this.buckets.delete(second)
      }
  }

  private evictOldest() {
    let oldest = Number.POSITIVE_INFINITY
    for (const second of this.buckets.keys()) if (second < oldest) oldest = second
    const bucket = this.buckets.get(oldest)
    if (!bucket) return
    this.size -= bucket.size
    this.buckets.delete(oldest)
    this.floor = oldest + 1
  }
}
