import { Diff } from 'diff'

/**
 * A readable text diff: tokens are single Han characters (Chinese has no word boundaries), runs of letters
 * or digits (words), runs of whitespace, and any other single character; jsdiff (`diff`, Myers' O(ND)
 * algorithm) finds the shortest edit script over them. Runs of the same kind come back merged, deletions
 * before insertions, so the result reads as marked-up text.
 */
export type DiffOp = 'equal' | 'insert' | 'delete'
export interface DiffPart {
  op: DiffOp
  text: string
}

const TOKEN = /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}_])+|\s+|./gsu
export const tokenize = (text: string): string[] => text.match(TOKEN) ?? []

/** jsdiff's string differ with our tokens (its default joins them back with ''). */
class TokenDiff extends Diff<string, string> {
  override tokenize(value: string): string[] {
    return tokenize(value)
  }
}
const differ = new TokenDiff()

/** Beyond this many edits the texts are shown as removed and added wholesale (bounded time and memory). */
const MAX_EDITS = 1000

export function textDiff(before: string, after: string): DiffPart[] {
  const changes = differ.diff(before, after, { maxEditLength: MAX_EDITS })
  if (!changes) {
    const parts: DiffPart[] = []
    if (before) parts.push({ op: 'delete', text: before })
    if (after) parts.push({ op: 'insert', text: after })
    return parts
  }
  return changes.map((c) => ({ op: c.added ? 'insert' : c.removed ? 'delete' : 'equal', text: c.value }))
}
