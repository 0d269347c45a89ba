import { VOTE_COMMENT_MAX } from '../../api/votes.ts'
import { defineResource, type SpecInput } from '../types.ts'

/** The options of one module from a spec call: its `moduleId`, or `id`. */
const ofModule = ({ id, moduleId, ...rest }: SpecInput): SpecInput => ({
  ...rest,
  moduleId: String(moduleId ?? id ?? ''),
})

/** 点评 of one option from a spec call: `id` (or `ids`) and the text as `comment` (or `content`). */
const commentOf = ({ id, ids, content, comment, ...rest }: SpecInput): SpecInput => ({
  ...rest,
  ids: ids ?? (id === undefined ? undefined : [id]),
  comment: comment ?? content,
})

/**
 * 投票选项 (decision 0044): what app users vote for — a title, a picture or a video, a description and the operator's
 * 点评 (the 点评 command, spec /vote/module/detail/comment). It belongs to a module (`moduleId`); its `voteId` is the
 * module's, set again on every write (server modules/votes/voteSync.ts). `voteCount` is kept by the casts.
 */
export const voteOption = defineResource({
  name: 'voteOption',
  label: '投票选项',
  storage: { table: 'vote_option' },
  permissionPage: '活动-投票活动',
  screens: { list: '/activeVotingDetail' },
  fields: {
    voteId: {
      kind: 'number',
      label: '投票活动',
      required: true,
      search: true,
      ref: { resource: 'vote' },
      help: '保存时以所属模块的投票活动为准',
    },
    moduleId: {
      kind: 'number',
      label: '所属模块',
      required: true,
      search: true,
      ref: { resource: 'voteModule' },
    },
    title: { kind: 'text', label: '选项标题', required: true, max: 50, search: true },
    media: { kind: 'file', label: '图片/视频', upload: 'imageOrVideo', max: 1000 },
    description: { kind: 'textarea', label: '选项描述', max: 500 },
    comment: { kind: 'textarea', label: '点评', max: VOTE_COMMENT_MAX, readOnly: true },
    voteCount: { kind: 'number', label: '票数', readOnly: true },
  },
  list: {
    types: { list: { label: '投票选项', where: {} } },
    columns: ['media', 'title', 'moduleId', 'description', 'comment', 'voteCount'],
    sort: { field: 'sort', order: 'asc' },
  },
  actions: ['show', 'hide', 'sort'],
  permissions: { sort: '编辑' },
  commands: {
    comment: {
      label: '点评',
      action: '评论',
      rows: 'one',
      input: { comment: { kind: 'textarea', label: '点评', required: true, max: VOTE_COMMENT_MAX } },
    },
  },
  specPaths: {
    'GET /api/vote/module/detail/list': { engine: 'GET /api/voteOption/list', input: ofModule },
    'POST /api/vote/module/detail/update': { engine: 'POST /api/voteOption/modify', patch: true },
    'POST /api/vote/module/detail/comment': { engine: 'POST /api/voteOption/comment', input: commentOf },
  },
})
