/**
 * Failure counters in a sliding window, per key (e.g. per client IP). In-process; with several
 * instances behind a load balancer each counts its own share (per-account lockout lives in the database).
 */
export class FailureCounter {
  private readonly hits = new Map<string, number[]>()
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs)
    if (list.length) this.hits.set(key, list)
    else this.hits.delete(key)
    return list
  }

  blocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.max
  }

  add(key: string, now = Date.now()): void {
    const list = this.recent(key, now)
    list.push(now)
    this.hits.set(key, list)
    if (this.hits.size > 100_000) this.hits.delete(this.hits.keys().next().value as string)
  }

  clear(key: string): void {
    this.hits.delete(key)
  }
}
