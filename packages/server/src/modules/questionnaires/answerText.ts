import { acceptedAnswers } from '@moc/domain/resources/question/scoring'
import type { LoadedQuestion } from './questionLoad.ts'

const labelOf = (q: LoadedQuestion, id: unknown) =>
  q.options.find((o) => o.id === id)?.label ?? `#${String(id)}`

/** An answer as text: an option's label, labels joined by 、 (an ordering by →), a rating as n/scale. */
export function answerText(q: LoadedQuestion, value: unknown): string {
  if (value === undefined || value === null) return ''
  switch (q.type) {
    case 'single':
      return labelOf(q, value)
    case 'multiple':
      return Array.isArray(value) ? value.map((v) => labelOf(q, v)).join('、') : ''
    case 'ordering':
      return Array.isArray(value) ? value.map((v) => labelOf(q, v)).join(' → ') : ''
    case 'rating':
      return `${String(value)}/${q.scale}`
    default:
      return String(value)
  }
}

/** The right answer as text (none for a rating). */
export function rightText(q: LoadedQuestion): string {
  switch (q.type) {
    case 'single':
    case 'multiple':
      return q.options
        .filter((o) => o.correct)
        .map((o) => o.label)
        .join('、')
    case 'ordering':
      return q.options.map((o) => o.label).join(' → ')
    case 'fill':
      return acceptedAnswers(q.answer).join(' / ')
    default:
      return ''
  }
}
