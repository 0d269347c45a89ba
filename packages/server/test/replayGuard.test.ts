import { describe, expect, it } from 'vitest'
import { ReplayGuard } from '../src/platform/replayGuard.ts'

describe('replay guard', () => {
  const skew = 60_000
  const t0 = 1_800_000_000_000

  it('refuses a nonce twice while its timestamp is fresh, and stale timestamps always', () => {
    const g = new ReplayGuard(skew)
    expect(g.admit('nonce-a', t0, t0)).toBe('ok')
    expect(g.admit('nonce-a', t0, t0 + skew)).toBe('replay')
    expect(g.admit('nonce-a', t0, t0 + skew + 1)).toBe('stale')
    expect(g.admit('nonce-b', t0 + skew + 1, t0)).toBe('stale')
  })

  it('forgets whole seconds once they are stale', () => {
    const g = new ReplayGuard(skew)
    for (let i = 0; i < 50; i++) g.admit(`old-${i}`, t0, t0)
    g.admit('new', t0 + 2 * skew, t0 + 2 * skew)
    expect(g.remembered).toBe(1)
  })

  it('stays within its cap under a flood, refusing the forgotten seconds as stale rather than replayable', () => {
    const g = new ReplayGuard(skew, 100)
    for (let i = 0; i < 100; i++) expect(g.admit(`flood-${i}`, t0 - 5000, t0)).toBe('ok')
    expect(g.admit('fresh', t0, t0)).toBe('ok')
    expect(g.remembered).toBe(1)
    // the flooded second was forgotten: its nonces cannot be replayed, they are stale now
    expect(g.admit('flood-0', t0 - 5000, t0)).toBe('stale')
    expect(g.admit('fresh', t0, t0)).toBe('replay')
  })
})
