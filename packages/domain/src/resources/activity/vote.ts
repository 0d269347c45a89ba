import { shownOf } from '../community/circle.ts'
import { defineResource } from '../types.ts'

export const VOTE_TITLE_MAX = 50
/** The most votes one user may cast in a day (a vote's 每日可投票数 at most this). */
export const VOTE_DAILY_MAX = 1000

/**
 * 投票活动 (spec §2 /voteActivity, /editVoteActivity, /activeVotingDetail; §7 Votes; review /voteAudit, vote activities
 * pending verifyState 3; decision 0044). A vote has modules (voteModule), each with options (voteOption); app users
 * cast votes through the app-facing API (POST /api/open/vote/cast) within the window [startAt, endAt], at most
 * `dailyLimit` a day and `totalLimit` in all (0: no total limit), each user. A vote goes through review and, once
 * published and shown, the app lists it; `voteCount` is kept by the casts. The results (per option, per day) are GET
 * /api/vote/module/data (server modules/votes/voteResults.ts).
 */
export const vote = defineResource({
  name: 'vote',
  label: '投票活动',
  storage: { table: 'vote' },
  permissionPage: '活动-投票活动',
  screens: {
    list: '/voteActivity',
    create: '/editVoteActivity',
    edit: '/editVoteActivity',
    detail: '/activeVotingDetail',
  },
  fields: {
    title: { kind: 'text', label: '活动标题', required: true, max: VOTE_TITLE_MAX, search: true },
    cover: { kind: 'image', label: '封面图', max: 1000 },
    startAt: { kind: 'datetime', label: '开始时间', help: '不填则审核通过后即可投票' },
    endAt: { kind: 'datetime', label: '结束时间', help: '须晚于开始时间；不填则不限' },
    dailyLimit: {
      kind: 'number',
      label: '每人每日可投票数',
      required: true,
      min: 1,
      max: VOTE_DAILY_MAX,
      default: 1,
    },
    totalLimit: {
      kind: 'number',
      label: '每人总可投票数',
      required: true,
      default: 0,
      help: '0 表示不限总数',
    },
    showResult: { kind: 'switch', label: '显示投票结果', default: true, help: '开启后 App 中显示各选项票数' },
    rules: { kind: 'richText', label: '活动规则', max: 20_000 },
    recommended: { kind: 'switch', label: '已推荐', readOnly: true },
    voteCount: { kind: 'number', label: '总票数', readOnly: true },
  },
  list: {
    types: {
      list: { label: '全部活动', where: {} },
      pending: { label: '待审核', where: { verifyState: 3 } },
      published: { label: '已发布', where: { verifyState: 1 } },
      notAddRecommend: { label: '未推荐', where: { verifyState: 1, is: { recommended: false } } },
      recycle: { label: '回收站', where: {}, recycle: true },
    },
    columns: ['cover', 'title', 'startAt', 'endAt', 'dailyLimit', 'totalLimit', 'voteCount'],
  },
  actions: [
    'show',
    'hide',
    'recycle',
    'restore',
    'submit',
    'revoke',
    'withdraw',
    'publishNoExamine',
    'export',
  ],
  // The activity pages have no 回收站 action: moving to and out of the bin is 删除's.
  permissions: { recycle: '删除', restore: '删除' },
  review: { queue: '/voteAudit', permissionPage: '投票审核', resType: 'vote' },
  // Spec §7 Votes; list, detail and add are the engine's own paths (/api/vote/…).
  specPaths: {
    'GET /api/vote/verifyState': { engine: 'GET /api/vote/list', defaults: { verifyState: 3 } },
    'GET /api/vote/notAddRecommend': { engine: 'GET /api/vote/list', fill: { type: 'notAddRecommend' } },
    'POST /api/vote/update': 'POST /api/vote/modify',
    'POST /api/vote/updateShowState': { engine: 'POST /api/vote/showState', input: shownOf },
  },
})
