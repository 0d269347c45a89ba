/**
 * Questions' rules and scoring (decision 0046), shared by the server (saving, import, answering) and the tests.
 *
 * Scoring, per type:
 * - 单选题 (single): the chosen option's score.
 * - 多选题 (multiple): the sum of the chosen options' scores when the chosen set is exactly the set of correct options;
 *   any other choice (one missing, one wrong) scores 0. No partial credit.
 * - 填空题 (fill): `score` when the answer, trimmed, equals one accepted answer (one per line of `answer`, trimmed)
 *   ignoring case; else 0.
 * - 评分题 (rating): not scored (0); a value 1..scale, counted in the statistics only.
 * - 排序题 (ordering): `score` when the options come exactly in their stored order (the right one); else 0.
 */

export const QUESTION_TYPES = {
  single: '单选题',
  multiple: '多选题',
  fill: '填空题',
  rating: '评分题',
  ordering: '排序题',
} as const

export type QuestionType = keyof typeof QUESTION_TYPES

export const RATING_SCALE_MIN = 2
export const RATING_SCALE_MAX = 10

export const questionMessages = {
  singleOneCorrect: '单选题须有且只有一个正确选项',
  multipleCorrect: '多选题至少要有一个正确选项',
  choiceOptions: '选择题至少要有两个选项',
  orderingOptions: '排序题至少要有两个选项',
  ratingScale: `评分题的分值范围须在 ${RATING_SCALE_MIN}–${RATING_SCALE_MAX} 之间`,
  fillAnswer: '填空题须填写参考答案',
  noOptions: '该题型没有选项',
  optionLabel: '选项内容不能为空',
  typeUnknown: '题型填写有误',
} as const

/** An option as the rules read it (question_option): its text, score, and whether it is right. */
export interface OptionLike {
  id?: number
  label: string
  score?: number | null
  correct?: boolean | null
}

export interface QuestionLike {
  type: string
  answer?: string | null
  score?: number | null
  scale?: number | null
  options: readonly OptionLike[]
}

const isChoice = (t: string) => t === 'single' || t === 'multiple'
const hasOptions = (t: string) => isChoice(t) || t === 'ordering'

/** What is wrong with a question as a whole (its type against its options, scale and answer); [] when nothing. */
export function questionProblems(q: QuestionLike): string[] {
  const out: string[] = []
  if (!(q.type in QUESTION_TYPES)) return [questionMessages.typeUnknown]
  const correct = q.options.filter((o) => o.correct).length
  if (hasOptions(q.type) && q.options.some((o) => o.label.trim() === ''))
    out.push(questionMessages.optionLabel)
  if (isChoice(q.type) && q.options.length < 2) out.push(questionMessages.choiceOptions)
  if (q.type === 'single' && correct !== 1) out.push(questionMessages.singleOneCorrect)
  if (q.type === 'multiple' && correct < 1) out.push(questionMessages.multipleCorrect)
  if (q.type === 'ordering' && q.options.length < 2) out.push(questionMessages.orderingOptions)
  if (!hasOptions(q.type) && q.options.length) out.push(questionMessages.noOptions)
  const scale = Number(q.scale)
  if (
    q.type === 'rating' &&
    !(Number.isInteger(scale) && scale >= RATING_SCALE_MIN && scale <= RATING_SCALE_MAX)
  )
    out.push(questionMessages.ratingScale)
  if (q.type === 'fill' && acceptedAnswers(q.answer).length === 0) out.push(questionMessages.fillAnswer)
  return out
}

/** A fill-in question's accepted answers: one per line, trimmed, blank lines left out. */
export const acceptedAnswers = (answer: string | null | undefined): string[] =>
  (answer ?? '')
    .split(/\r?\n/)
    .map((a) => a.trim())
    .filter((a) => a !== '')

/** The most a question can score (the questionnaire's 总分 is their sum). */
export function maxScore(q: QuestionLike): number {
  switch (q.type) {
    case 'single':
      return Math.max(0, ...q.options.map((o) => Number(o.score ?? 0)))
    case 'multiple':
      return q.options.filter((o) => o.correct).reduce((s, o) => s + Number(o.score ?? 0), 0)
    case 'fill':
    case 'ordering':
      return Number(q.score ?? 0)
    default:
      return 0
  }
}

/**
 * The value an answer to a question must be: single an option id; multiple option ids (at least one, no repeats);
 * fill a text; rating an integer 1..scale; ordering every option id once, in the order given. Null when it is fine,
 * else the reason. Option ids are the question's `options[].id`.
 */
export function answerProblem(q: QuestionLike, value: unknown): string | null {
  const ids = new Set(q.options.map((o) => o.id))
  const isId = (v: unknown) => typeof v === 'number' && ids.has(v)
  switch (q.type) {
    case 'single':
      return isId(value) ? null : '请选择一个选项'
    case 'multiple':
      return Array.isArray(value) &&
        value.length > 0 &&
        value.every(isId) &&
        new Set(value).size === value.length
        ? null
        : '请选择至少一个选项'
    case 'fill':
      return typeof value === 'string' && value.trim() !== '' && value.length <= 1000 ? null : '请填写答案'
    case 'rating': {
      const scale = Number(q.scale ?? 5)
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= scale
        ? null
        : `请在 1–${scale} 之间评分`
    }
    case 'ordering':
      return Array.isArray(value) &&
        value.length === ids.size &&
        value.every(isId) &&
        new Set(value).size === value.length
        ? null
        : '请给全部选项排序'
    default:
      return '题型有误'
  }
}

/** The score of one answer (the value already passed answerProblem); the rules in the header. */
export function scoreAnswer(q: QuestionLike, value: unknown): number {
  switch (q.type) {
    case 'single':
      return Number(q.options.find((o) => o.id === value)?.score ?? 0)
    case 'multiple': {
      const chosen = new Set(Array.isArray(value) ? value : [])
      const right = q.options.filter((o) => o.correct)
      const exact = right.length === chosen.size && right.every((o) => chosen.has(o.id))
      return exact ? right.reduce((s, o) => s + Number(o.score ?? 0), 0) : 0
    }
    case 'fill': {
      const given = String(value ?? '')
        .trim()
        .toLowerCase()
      return acceptedAnswers(q.answer).some((a) => a.toLowerCase() === given) ? Number(q.score ?? 0) : 0
    }
    case 'ordering': {
      const order = Array.isArray(value) ? value : []
      return order.length === q.options.length && q.options.every((o, i) => o.id === order[i])
        ? Number(q.score ?? 0)
        : 0
    }
    default:
      return 0
  }
}
