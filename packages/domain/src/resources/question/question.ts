import { defineResource } from '../types.ts'
import { QUESTION_TYPES, RATING_SCALE_MAX, RATING_SCALE_MIN } from './scoring.ts'

export const QUESTION_TITLE_MAX = 500

/**
 * 题目 of the question bank (spec §2 /questionBank, /questionBankAdd; decision 0046). Its type decides its scoring
 * (scoring.ts): choices score by their options (选项, child rows of question_option), a fill-in by its accepted
 * answers (one per line), an ordering by its options' right order; a rating is not scored. The type's rules (one
 * correct option of a single choice, a rating's scale 2–10…) are checked on every save (server
 * modules/questionnaires/questionRules.ts). The bank's rows are those with `questionnaire_id` 0 (storage.fixed); a
 * questionnaire's own question names it and stays out of the bank's lists.
 */
export const question = defineResource({
  name: 'question',
  label: '题目',
  storage: { table: 'question', fixed: { questionnaireId: 0 } },
  permissionPage: '问卷-题库',
  screens: { list: '/questionBank', detail: '/questionBankAdd' },
  fields: {
    type: {
      kind: 'select',
      label: '题型',
      required: true,
      options: QUESTION_TYPES,
      default: 'single',
    },
    title: { kind: 'textarea', label: '题目', required: true, max: QUESTION_TITLE_MAX, search: true },
    category: { kind: 'text', label: '分类', max: 50, search: true },
    options: {
      kind: 'children',
      label: '选项',
      help: '单选题、多选题、排序题填写；排序题按正确顺序填写',
      children: {
        table: 'question_option',
        max: 20,
        fields: {
          label: { kind: 'text', label: '选项内容', required: true, max: 200 },
          score: { kind: 'number', label: '分值', min: 0, max: 1000, default: 0 },
          correct: { kind: 'switch', label: '正确答案', default: false },
        },
      },
    },
    answer: {
      kind: 'textarea',
      label: '参考答案',
      max: 2000,
      when: { field: 'type', value: 'fill' },
      help: '填空题填写，每行一个可接受的答案（不区分大小写）',
    },
    score: {
      kind: 'number',
      label: '分值',
      min: 0,
      max: 1000,
      default: 0,
      help: '填空题、排序题答对得分；选择题按选项分值计分',
    },
    scale: {
      kind: 'number',
      label: '评分等级',
      min: RATING_SCALE_MIN,
      max: RATING_SCALE_MAX,
      default: 5,
      when: { field: 'type', value: 'rating' },
      help: `评分题填写，${RATING_SCALE_MIN}–${RATING_SCALE_MAX} 级`,
    },
    analysis: { kind: 'textarea', label: '答案解析', max: 2000 },
  },
  list: {
    types: {
      list: { label: '题库列表', where: {} },
      recycle: { label: '回收站', where: {}, recycle: true },
    },
    columns: ['title', 'type', 'category', 'score'],
  },
  importMode: 'rows',
  actions: ['import'],
  // The bank's import reads the options too (选项 column), which the engine's import cannot (child rows).
  api: { import: 'POST /api/questionnaire/import' },
})
