import { index, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core'
import { admin } from '../schema.ts'
import {
  childOf,
  numberField,
  optionField,
  record,
  recordIndexes,
  recyclable,
  reviewed,
  scoped,
  showable,
  switchField,
  textField,
  timeField,
} from '../traits.ts'
import { appUser } from './community.ts'

/**
 * Questionnaires and the question bank (spec §2 /questionManage, /questionBank, /performance, /questionScore; §7
 * Questionnaires; Q&A review /qaAuditList, quiz pending verifyType 1; decision 0046). App users answer through the
 * app-facing API.
 */

/**
 * 题目: `type` single, multiple, fill, rating or ordering, with its scoring: choices carry their scores (question_option),
 * a fill-in its accepted `answer` (one per line) and `score`, a rating its `scale`, an ordering its options in the
 * right order and `score`. A bank question has no `questionnaire_id`; a questionnaire's own question names it.
 */
export const question = pgTable(
  'question',
  {
    ...record(),
    ...scoped(),
    ...recyclable(),
    type: optionField('type').notNull().default('single'),
    title: textField('title'),
    category: textField('category'),
    answer: textField('answer'),
    score: numberField('score').notNull().default(0),
    scale: numberField('scale').notNull().default(5),
    analysis: textField('analysis'),
    questionnaireId: integer('questionnaire_id'),
  },
  (t) => [...recordIndexes('question', t), index('question_own').on(t.questionnaireId)],
)

/** 选项 of a choice or ordering question (edited in its form, ChildrenDef): its score, whether it is right. */
export const questionOption = pgTable(
  'question_option',
  {
    ...childOf(() => question.id),
    label: textField('label'),
    score: numberField('score').notNull().default(0),
    correct: switchField('correct'),
  },
  (t) => [index('question_option_parent').on(t.parentId, t.sort)],
)

/**
 * 问卷: reviewed (/qaAuditList), shown, recyclable; `state` draft, published or withdrawn (撤回). `scored`: a quiz whose
 * sheets get scores; `repeatable`: a user may answer more than once.
 */
export const questionnaire = pgTable(
  'questionnaire',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    ...showable(),
    ...recyclable(),
    title: textField('title'),
    intro: textField('intro'),
    cover: textField('cover'),
    startAt: timeField('start_at'),
    endAt: timeField('end_at'),
    scored: switchField('scored'),
    repeatable: switchField('repeatable'),
    state: optionField('state').notNull().default('draft'),
    sheetCount: numberField('sheet_count').notNull().default(0),
  },
  (t) => recordIndexes('questionnaire', t),
)

/** A questionnaire's questions, from the bank or its own, in order (question relation list/add/delete/modify). */
export const questionnaireQuestion = pgTable(
  'questionnaire_question',
  {
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaire.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => question.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    required: switchField('required', true),
  },
  (t) => [
    primaryKey({ columns: [t.questionnaireId, t.questionId] }),
    index('questionnaire_question_order').on(t.questionnaireId, t.sort),
  ],
)

/** 答卷: one user's answers to a questionnaire (`answers`: question id → value), its score (operators may change it). */
export const answerSheet = pgTable(
  'answer_sheet',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaire.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
    score: numberField('score').notNull().default(0),
    scoreModifiedBy: integer('score_modified_by').references(() => admin.id, { onDelete: 'set null' }),
    scoreModifiedAt: timeField('score_modified_at'),
    durationSeconds: numberField('duration_seconds'),
    submittedAt: timeField('submitted_at').notNull().defaultNow(),
  },
  (t) => [
    index('answer_sheet_list').on(t.questionnaireId, t.submittedAt.desc(), t.id.desc()),
    index('answer_sheet_user').on(t.questionnaireId, t.userId),
  ],
)

/** Kept so a sheet's answer to one question is read without unpacking every sheet (the per-question statistics). */
export const sheetAnswer = pgTable(
  'sheet_answer',
  {
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => answerSheet.id, { onDelete: 'cascade' }),
    questionnaireId: integer('questionnaire_id').notNull(),
    questionId: integer('question_id').notNull(),
    value: jsonb('value').notNull(),
    score: numberField('score').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.sheetId, t.questionId] }),
    index('sheet_answer_question').on(t.questionnaireId, t.questionId),
  ],
)
