import type {
  FlaggedWord,
  SensitiveCheckResult,
  SensitiveHit,
  SensitiveLevel,
} from '../api/sensitiveWords.ts'
import { sensitiveLevels } from '../api/sensitiveWords.ts'
import type { ResourceDef } from '../resources/types.ts'
import { htmlImages, htmlToText } from './htmlText.ts'
import { foldText, WordMatcher } from './wordMatcher.ts'

export interface SensitiveWordEntry {
  word: string
  level: SensitiveLevel
  category: string
}

export type WordScan = Omit<SensitiveCheckResult, 'images'>

const severity = (level: SensitiveLevel) => sensitiveLevels.indexOf(level)

/** The sensitive-word list compiled once (an Aho–Corasick automaton), scanning text and rich text against it. */
export class SensitiveWordIndex {
  private readonly matcher: WordMatcher
  private readonly byWord = new Map<string, SensitiveWordEntry>()

  constructor(entries: Iterable<SensitiveWordEntry>) {
    for (const e of entries) {
      const key = foldText(e.word)
      const known = this.byWord.get(key)
      // Words equal but for case keep the most severe level (the table forbids them; imports may not).
      if (!known || severity(e.level) < severity(known.level)) this.byWord.set(key, e)
    }
    this.matcher = new WordMatcher([...this.byWord.values()].map((e) => e.word))
  }

  get size(): number {
    return this.matcher.size
  }

  scan({ text = '', html = '' }: { text?: string; html?: string }): WordScan {
    const hits: SensitiveHit[] = []
    const sources = [
      ['text', text],
      ['html', html ? htmlToText(html) : ''],
    ] as const
    for (const [source, value] of sources)
      for (const m of this.matcher.matchAll(value)) {
        const e = this.byWord.get(foldText(m.word))!
        hits.push({ word: e.word, level: e.level, category: e.category, source, start: m.start, end: m.end })
      }
    const words = new Map<string, FlaggedWord>()
    for (const h of hits) {
      const w = words.get(h.word)
      if (w) w.count++
      else words.set(h.word, { word: h.word, level: h.level, category: h.category, count: 1 })
    }
    // Stable sort: within a level, words stay in the order they first appear.
    const flagged = [...words.values()].sort((a, b) => severity(a.level) - severity(b.level))
    return {
      hits,
      words: flagged,
      blocked: flagged.filter((w) => w.level === 'block').map((w) => w.word),
    }
  }
}

/**
 * What to scan in a content item of a definition: its single- and multi-line text fields (one per line), its
 * rich-text fields, and its images (image fields and `<img>` in rich text). The server guard, the form's
 * pre-submit check and the review page use this one reading of an item.
 */
export function contentScanInput(
  def: ResourceDef,
  values: Record<string, unknown>,
): { text: string; html: string; images: string[] } {
  const text: string[] = []
  const html: string[] = []
  const images: string[] = []
  for (const [name, f] of Object.entries(def.fields)) {
    const v = values[name]
    if (typeof v !== 'string' || !v) continue
    if (f.kind === 'text' || f.kind === 'textarea') text.push(v)
    else if (f.kind === 'richText') {
      html.push(v)
      images.push(...htmlImages(v))
    } else if (f.kind === 'image') images.push(v)
  }
  return { text: text.join('\n'), html: html.join('\n'), images: [...new Set(images)] }
}
