import { rowsOf } from '../community/circle.ts'
import { decisionOf } from '../media/mediaAccount.ts'
import { defineResource } from '../types.ts'

export const QUESTIONNAIRE_STATES = { draft: '草稿', published: '已发布', withdrawn: '已撤回' } as const

/**
 * 问卷 (spec §2 /questionManage, /questionAdd, /questionTopic, /performance, /questionScore; §4 delete, withdraw,
 * clean; §7 Questionnaires; review /qaAuditList, quiz verifyType 1; decision 0046). An operator writes it, picks its
 * questions from the bank (/questionTopic, the question relation calls), submits it for review; once approved it is
 * 已发布 and app users answer it in its window (the app-facing API). 撤回 takes it off the app (已撤回, back to draft
 * review state); 删除 moves it to the recycle bin, from where 清空回收站 deletes every one for ever. `state` follows
 * the review (server modules/questionnaires/questionnaireState.ts). `scored`: sheets get scores (/questionScore);
 * `repeatable`: a user may answer more than once.
 */
export const questionnaire = defineResource({
  name: 'questionnaire',
  label: '问卷',
  storage: { table: 'questionnaire' },
  permissionPage: '问卷-问卷',
  // 查看 opens the questionnaire's own screen (/questionTopic: its questions, answer sheets, statistics and scores).
  screens: {
    list: '/questionManage',
    create: '/questionAdd',
    edit: '/questionAdd',
    detail: '/questionTopic',
  },
  fields: {
    title: { kind: 'text', label: '问卷标题', required: true, max: 100, search: true },
    cover: { kind: 'image', label: '封面图', max: 1000 },
    intro: { kind: 'textarea', label: '问卷说明', max: 1000 },
    startAt: { kind: 'datetime', label: '开始时间' },
    endAt: { kind: 'datetime', label: '结束时间', help: '不填则不限' },
    scored: { kind: 'switch', label: '计分', default: true, help: '开启后按题目分值给答卷计分（评分管理）' },
    repeatable: { kind: 'switch', label: '允许重复作答', default: false },
    state: {
      kind: 'select',
      label: '问卷状态',
      options: QUESTIONNAIRE_STATES,
      readOnly: true,
      search: true,
    },
    questionCount: { kind: 'number', label: '题目数', derived: true },
    sheetCount: { kind: 'number', label: '答卷数', readOnly: true },
  },
  list: {
    types: {
      list: { label: '问卷列表', where: {} },
      recycle: { label: '回收站', where: {}, recycle: true },
    },
    columns: ['title', 'state', 'startAt', 'endAt', 'questionCount', 'sheetCount'],
  },
  actions: ['show', 'hide', 'submit', 'revoke', 'withdraw', 'export'],
  // The page has no 提交审核 / 撤销审核 / 显示/隐藏: editing a questionnaire covers them; no questionnaire import (the
  // spec's import fills the bank: POST /api/questionnaire/import, hand-written).
  permissions: {
    submit: '编辑',
    revoke: '编辑',
    withdraw: '编辑',
    show: '编辑',
    hide: '编辑',
    import: '审核',
  },
  review: { queue: '/qaAuditList', permissionPage: '问答审核', resType: 'quiz' },
  commands: {
    clean: {
      label: '清空回收站',
      action: '删除',
      rows: 'none',
      confirm: '确定清空回收站吗？回收站中的问卷及其答卷将被彻底删除，不可恢复',
    },
  },
  // Spec §7 Questionnaires: list, add, detail, modify and delete are the engine's own paths (/api/questionnaire/…).
  specPaths: {
    'POST /api/questionnaire/withdraw': { engine: 'POST /api/questionnaire/revoke/batch', input: rowsOf },
    'POST /api/questionnaire/recycle/delete': { engine: 'POST /api/questionnaire/delete', input: rowsOf },
    'GET /api/verify-center/qaContents': 'GET /api/verify-center/quiz',
    'POST /api/verify-center/qaContent': { engine: 'POST /api/verify-center/quiz', input: decisionOf },
  },
})
