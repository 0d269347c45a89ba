import { z } from 'zod'
import { QUESTION_TYPES } from '../resources/question/scoring.ts'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * The questionnaires' calls beyond the record engine's (decision 0046): the bank's Excel import, a questionnaire's
 * questions (question relation), its answer sheets (history), scores, per-question statistics, and the app-facing
 * list, detail and answer.
 */

export const questionnaireMessages = {
  notFound: '问卷不存在',
  questionNotFound: '题目不存在或不在题库中',
  sheetNotFound: '答卷不存在',
  hasSheets: '问卷已有答卷，不能再修改题目',
  orderMismatch: '排序须包含问卷的全部题目',
  notOpen: '问卷未发布或已结束',
  notStarted: '问卷尚未开始',
  ended: '问卷已结束',
  answered: '您已提交过该问卷',
  required: (title: string) => `请回答必答题：${title}`,
  badAnswer: (title: string, why: string) => `「${title}」${why}`,
  unknownQuestion: '答案中含有不属于该问卷的题目',
  noQuestions: '问卷还没有题目',
  submitted: '提交成功',
  scoreTooHigh: (max: number) => `得分不能超过总分 ${max}`,
  scoreModified: '得分已修改',
  importHeader: (missing: string) => `导入文件缺少列：${missing}`,
  importEmpty: '导入文件没有数据',
} as const

/** The import's columns (the first row of the sheet), in order. */
export const QUESTION_IMPORT_COLUMNS = [
  '题型',
  '题目',
  '分类',
  '选项',
  '参考答案',
  '分值',
  '评分等级',
  '答案解析',
] as const

/**
 * One option in the import's 选项 cell (one option per line): `*` in front marks a correct one, `|n` at the end gives
 * its score — `*北京|5`, `上海`. An ordering question's options are written in the right order.
 */
export const OPTION_LINE = /^(\*)?\s*(.*?)\s*(?:\|\s*(\d+))?\s*$/

export const QUESTION_TYPE_BY_LABEL: Record<string, string> = Object.fromEntries(
  Object.entries(QUESTION_TYPES).flatMap(([k, label]) => [
    [label, k],
    [label.replace('题', ''), k],
    [k, k],
  ]),
)

/** POST /api/questionnaire/question/list and the others: the questionnaire. */
export const questionnaireIdQuerySchema = z.object({ questionnaireId: idQuerySchema })

export const questionOptionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  score: z.number(),
  correct: z.boolean(),
})

/** One of a questionnaire's questions as the console sees it (with its answers). */
export const questionnaireQuestionSchema = z.object({
  questionId: z.number().int(),
  sort: z.number().int(),
  required: z.boolean(),
  type: z.string(),
  title: z.string(),
  category: z.string(),
  answer: z.string(),
  score: z.number(),
  scale: z.number(),
  maxScore: z.number(),
  own: z.boolean(),
  options: z.array(questionOptionSchema),
})
export type QuestionnaireQuestion = z.infer<typeof questionnaireQuestionSchema>

export const questionRelationAddSchema = z.strictObject({
  questionnaireId: idSchema,
  questionIds: z.array(idSchema).min(1, '请选择题目').max(200),
  required: z.boolean().default(true),
})
export const questionRelationDeleteSchema = z.strictObject({
  questionnaireId: idSchema,
  questionIds: z.array(idSchema).min(1, '请选择题目').max(200),
})
/** The questionnaire's questions in their new order, each with whether it must be answered. */
export const questionRelationModifySchema = z.strictObject({
  questionnaireId: idSchema,
  items: z
    .array(z.strictObject({ questionId: idSchema, required: z.boolean() }))
    .min(1)
    .max(200),
})

/** An answer sheet in the history and score lists. */
export const answerSheetRowSchema = z.object({
  id: z.number().int(),
  questionnaireId: z.number().int(),
  userId: z.number().int(),
  nickname: z.string(),
  phone: z.string(),
  score: z.number(),
  durationSeconds: z.number().nullable(),
  submittedAt: z.string(),
  scoreModifiedBy: z.string().nullable(),
  scoreModifiedAt: z.string().nullable(),
})
export type AnswerSheetRow = z.infer<typeof answerSheetRowSchema>

export const answerSheetQuerySchema = z.object({
  questionnaireId: idQuerySchema,
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  /** The answerer's nickname or phone, contained. */
  keyword: z.string().trim().max(50).optional(),
})

export const answerSheetDetailSchema = answerSheetRowSchema.extend({
  title: z.string(),
  maxScore: z.number(),
  answers: z.array(
    z.object({
      questionId: z.number().int(),
      type: z.string(),
      title: z.string(),
      value: z.unknown(),
      /** The answer as text: options' labels joined by 、, a rating as n/scale. */
      text: z.string(),
      score: z.number(),
      maxScore: z.number(),
      /** The right answer as text (none for a rating). */
      right: z.string(),
    }),
  ),
})
export type AnswerSheetDetail = z.infer<typeof answerSheetDetailSchema>

export const answerSheetExportSchema = z.strictObject({ questionnaireId: idSchema })

export const scoreModifySchema = z.strictObject({
  id: idSchema,
  score: z.number().int('得分须为整数').min(0, '得分不能小于 0'),
  reason: z.string().trim().min(1, '请填写修改原因').max(200, '修改原因最多 200 字'),
})

/** Per-question statistics (/performance). */
export const questionStatsSchema = z.object({
  questionId: z.number().int(),
  type: z.string(),
  title: z.string(),
  answered: z.number().int(),
  /** Choices and orderings: each option's count (an ordering: how often it was put first). */
  options: z.array(z.object({ id: z.number().int(), label: z.string(), count: z.number().int() })),
  /** Ratings: the average and each value's count. */
  average: z.number().nullable(),
  ratings: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
  /** Fill-ins: the latest answers. */
  texts: z.array(z.object({ text: z.string(), count: z.number().int() })),
  /** Scored questions: the share answered right (full score). */
  correctRate: z.number().nullable(),
})
export const questionnaireStatsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sheetCount: z.number().int(),
  averageScore: z.number().nullable(),
  maxScore: z.number(),
  questions: z.array(questionStatsSchema),
})
export type QuestionnaireStats = z.infer<typeof questionnaireStatsSchema>

/** The app's list: a page of open questionnaires. */
export const openQuestionnaireListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
})
export const openQuestionnaireIdQuerySchema = z.object({ id: idQuerySchema })

export const openQuestionnaireSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  intro: z.string(),
  cover: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  scored: z.boolean(),
  repeatable: z.boolean(),
  questionCount: z.number().int(),
  answered: z.boolean(),
})
export const openQuestionnaireDetailSchema = openQuestionnaireSchema.extend({
  questions: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      title: z.string(),
      required: z.boolean(),
      scale: z.number().nullable(),
      options: z.array(z.object({ id: z.number().int(), label: z.string() })),
    }),
  ),
})
export type OpenQuestionnaireDetail = z.infer<typeof openQuestionnaireDetailSchema>

/** An answer's value: an option id, option ids, a text or a rating. */
const answerValueSchema = z.union([z.number().int(), z.array(z.number().int()).max(50), z.string().max(1000)])

export const openAnswerBodySchema = z.strictObject({
  questionnaireId: idSchema,
  /** Question id → value. */
  answers: z.record(z.string().regex(/^\d{1,10}$/), answerValueSchema),
  durationSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
})
export const openAnswerResultSchema = z.object({
  sheetId: z.number().int(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
})
