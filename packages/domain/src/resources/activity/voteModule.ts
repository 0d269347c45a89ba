import { defineResource } from '../types.ts'

export const VOTE_MODULE_NAME_MAX = 30

/**
 * 投票模块 (decision 0044): a named group of a vote's options, in the order 排序 gives. Shown and edited on the vote's
 * /activeVotingDetail (the list filtered by `voteId`). Moving a module to another vote moves its options along
 * (server modules/votes/voteSync.ts), unless it has votes already.
 */
export const voteModule = defineResource({
  name: 'voteModule',
  label: '投票模块',
  storage: { table: 'vote_module' },
  titleField: 'name',
  permissionPage: '活动-投票活动',
  screens: { list: '/activeVotingDetail' },
  fields: {
    voteId: { kind: 'number', label: '投票活动', required: true, search: true, ref: { resource: 'vote' } },
    name: {
      kind: 'text',
      label: '模块名称',
      required: true,
      max: VOTE_MODULE_NAME_MAX,
      search: true,
      unique: { within: 'voteId', message: '同一投票活动中模块名称不能重复' },
    },
    intro: { kind: 'textarea', label: '模块简介', max: 200 },
  },
  list: {
    types: { list: { label: '投票模块', where: {} } },
    columns: ['name', 'voteId', 'intro'],
    sort: { field: 'sort', order: 'asc' },
  },
  actions: ['sort'],
  permissions: { sort: '编辑' },
  specPaths: { 'GET /api/vote/module/detail': 'GET /api/voteModule/detail' },
})
