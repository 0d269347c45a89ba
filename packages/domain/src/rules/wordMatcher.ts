/** One occurrence of a word in a text: `start` inclusive, `end` exclusive, in UTF-16 code units (JS indexes). */
export interface WordMatch {
  word: string
  start: number
  end: number
}

/**
 * Folds one UTF-16 code unit for matching: letters compare case-insensitively (Latin, Greek, Cyrillic, full-width),
 * everything else as is. A fold that would change the length (e.g. 'İ' → 'i̇') keeps the unit, so every
 * position in the folded text is the position in the original.
 */
const foldUnit = (unit: string): number => {
  const lower = unit.toLowerCase()
  return (lower.length === 1 ? lower : unit).charCodeAt(0)
}

/** A text folded unit by unit (same length as the text). */
export const foldText = (text: string): string => {
  let out = ''
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(foldUnit(text[i]!))
  return out
}

/**
 * Aho–Corasick automaton over a word list (sensitive words, spec §2 敏感词管理): one pass over a text finds
 * every occurrence of every word, overlapping ones included, in O(text + matches) whatever the number of
 * words. Build once per word list and reuse; matching is pure and allocation-light.
 */
export class WordMatcher {
  /** Goto function: per state, folded code unit → next state. */
  private readonly next: Map<number, number>[] = [new Map()]
  /** Failure link: the longest proper suffix of a state's path that is also a path from the root. */
  private readonly fail: number[] = [0]
  /** Word indexes ending at a state (its own word, then those reached through failure links). */
  private readonly out: number[][] = [[]]
  private readonly words: string[]

  constructor(words: Iterable<string>) {
    const seen = new Set<string>()
    this.words = []
    for (const w of words) {
      if (!w) continue
      const key = foldText(w)
      if (seen.has(key)) continue
      seen.add(key)
      this.insert(w, this.words.length)
      this.words.push(w)
    }
    this.link()
  }

  /** How many distinct words the automaton matches. */
  get size(): number {
    return this.words.length
  }

  private insert(word: string, index: number) {
    let s = 0
    for (let i = 0; i < word.length; i++) {
      const c = foldUnit(word[i]!)
      let t = this.next[s]!.get(c)
      if (t === undefined) {
        t = this.next.length
        this.next.push(new Map())
        this.fail.push(0)
        this.out.push([])
        this.next[s]!.set(c, t)
      }
      s = t
    }
    this.out[s]!.push(index)
  }

  /** Breadth-first: a state's failure link is known once every shorter state's is. */
  private link() {
    const queue: number[] = [...this.next[0]!.values()]
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head]!
      for (const [c, t] of this.next[s]!) {
        let f = this.fail[s]!
        while (f !== 0 && !this.next[f]!.has(c)) f = this.fail[f]!
        const g = this.next[f]!.get(c)
        this.fail[t] = g !== undefined && g !== t ? g : 0
        const inherited = this.out[this.fail[t]!]!
        if (inherited.length) this.out[t] = [...this.out[t]!, ...inherited]
        queue.push(t)
      }
    }
  }

  /** Every occurrence of every word in `text`, ordered by start, then by length (shorter first). */
  matchAll(text: string): WordMatch[] {
    const found: WordMatch[] = []
    if (this.words.length === 0) return found
    let s = 0
    for (let i = 0; i < text.length; i++) {
      const c = foldUnit(text[i]!)
      let t = this.next[s]!.get(c)
      while (t === undefined && s !== 0) {
        s = this.fail[s]!
        t = this.next[s]!.get(c)
      }
      s = t ?? 0
      for (const w of this.out[s]!) {
        const word = this.words[w]!
        found.push({ word, start: i + 1 - word.length, end: i + 1 })
      }
    }
    return found.sort((a, b) => a.start - b.start || a.end - b.end)
  }
}
