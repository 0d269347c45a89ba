import { type SensitiveHit, wordMessages } from '@moc/domain/api/sensitiveWords'
import { VERIFY_STATE } from '@moc/domain/resources/index'
import type { Db } from '../db/client.ts'
import type { SensitiveScanner } from '../modules/words/sensitiveScanner.ts'
import { AppError } from '../platform/errors.ts'

/**
 * A comment body through the sensitive-word list on arrival (issue 7, spec §2 levels): a block-level word
 * refuses it (422, the words named); replace-level words are masked with * one per character; a review-level
 * word holds the comment for review (verifyState 3, pending) — it stays listed for moderators, marked 待审核.
 * `via`: the caller's transaction, when it holds one (SensitiveScanner.index).
 */
export async function screenCommentBody(scanner: SensitiveScanner, body: string, via?: Db) {
  const scan = (await scanner.index(via)).scan({ text: body })
  if (scan.blocked.length)
    throw new AppError('VALIDATION', wordMessages.blocked(scan.blocked), { blocked: scan.blocked })
  const held = scan.hits.some((h) => h.level === 'review')
  return {
    body: maskReplaced(body, scan.hits),
    verifyState: held ? VERIFY_STATE.pending : VERIFY_STATE.passed,
  }
}

/** The text with its replace-level hits masked, one * per character (posts are screened the same way). */
export function maskReplaced(text: string, hits: readonly Pick<SensitiveHit, 'level' | 'start' | 'end'>[]) {
  // Hit positions are UTF-16 indices: mark them, then emit one * per masked character (code point).
  const hidden = new Array<boolean>(text.length).fill(false)
  for (const h of hits) if (h.level === 'replace') hidden.fill(true, h.start, h.end)
  let out = ''
  let i = 0
  for (const ch of text) {
    out += hidden[i] ? '*' : ch
    i += ch.length
  }
  return out
}
