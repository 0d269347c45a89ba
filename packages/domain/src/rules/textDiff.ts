/**
 * A readable text diff: tokens are single Han characters (Chinese has no word boundaries), runs of letters
 * or digits (words), runs of whitespace, and any other single character; Myers' O(ND) algorithm finds the
 * shortest edit script. Parts of the same kind are merged, so the result reads as marked-up text.
 */
export type DiffOp = 'equal' | 'insert' | 'delete'
export interface DiffPart {
  op: DiffOp
  text: string
}

const TOKEN = /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}_])+|\s+|./gsu
export const tokenize = (text: string): string[] => text.match(TOKEN) ?? []

/** Beyond this many edits the texts are shown as removed and added wholesale (bounded time and memory). */
const MAX_EDITS = 1000

export function textDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before)
  const b = tokenize(after)
  // Common prefix and suffix first: typical edits touch a small middle part of a long text.
  let pre = 0
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++
  let suf = 0
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf])
    suf++
  const midA = a.slice(pre, a.length - suf)
  const midB = b.slice(pre, b.length - suf)
  const middle = myers(midA, midB) ?? [
    ...midA.map((t) => ({ op: 'delete' as const, text: t })),
    ...midB.map((t) => ({ op: 'insert' as const, text: t })),
  ]
  const parts: DiffPart[] = [
    ...a.slice(0, pre).map((t) => ({ op: 'equal' as const, text: t })),
    ...middle,
    ...a.slice(a.length - suf).map((t) => ({ op: 'equal' as const, text: t })),
  ]
  return merge(parts)
}

function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = []
  for (const p of parts) {
    const last = out[out.length - 1]
    if (last && last.op === p.op) last.text += p.text
    else out.push({ ...p })
  }
  return out
}

/** Myers' shortest edit script over tokens; null when it needs more than MAX_EDITS edits. */
function myers(a: string[], b: string[]): DiffPart[] | null {
  const n = a.length
  const m = b.length
  const limit = Math.min(n + m, MAX_EDITS)
  const off = limit + 1
  const v = new Int32Array(2 * limit + 3)
  const trace: Int32Array[] = []
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice())
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      v[off + k] = x
      if (x >= n && y >= m) return backtrack(a, b, trace, d, off)
    }
  }
  return null
}

function backtrack(a: string[], b: string[], trace: Int32Array[], depth: number, off: number): DiffPart[] {
  const out: DiffPart[] = []
  let x = a.length
  let y = b.length
  for (let d = depth; d >= 0; d--) {
    const v = trace[d]!
    const k = x - y
    const prevK = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? k + 1 : k - 1
    const prevX = v[off + prevK]!
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      out.push({ op: 'equal', text: a[x - 1]! })
      x--
      y--
    }
    if (d === 0) break
    if (x === prevX) out.push({ op: 'insert', text: b[y - 1]! })
    else out.push({ op: 'delete', text: a[x - 1]! })
    x = prevX
    y = prevY
  }
  return out.reverse()
}
