import { operateCountMessages } from '../rules/contentCounts.ts'
import { publishingFields } from './publishingFields.ts'
import { defineResource } from './types.ts'

/**
 * 热议 (spec §2 /contentHotDiscuss, /addHotDiscuss, /editHotDiscuss, /detailHotDiscuss, /discussComments; queue
 * /auditHotDiscuss with /examineDiscussDetail). Stored in the shared `content` table with kind 'discuss': a
 * discussion topic app users comment on; its comments are the engine's comment resource.
 */
export const discuss = defineResource({
  name: 'discuss',
  label: '热议',
  storage: { table: 'content', kind: 'discuss' },
  permissionPage: '内容-热议',
  screens: {
    list: '/contentHotDiscuss',
    detail: '/detailHotDiscuss',
    create: '/addHotDiscuss',
    edit: '/editHotDiscuss',
    comments: '/discussComments',
  },
  fields: {
    title: { kind: 'text', label: '话题', required: true, max: 100, search: true },
    cover: { kind: 'image', label: '封面', max: 1000 },
    summary: { kind: 'textarea', label: '导语', max: 500 },
    body: { kind: 'richText', label: '话题详情', max: 100_000 },
    tags: { kind: 'tags', label: '标签', max: 20 },
    ...publishingFields(),
    operateFollowNum: {
      kind: 'number',
      label: '运营关注数',
      min: 0,
      invalid: operateCountMessages.operateFollowNum,
    },
  },
  list: {
    types: {
      list: { label: '热议列表', where: { verifyState: { not: 0 } } },
      draft: { label: '草稿箱', where: { verifyState: 0 } },
      recycle: { label: '回收站', where: { recycled: true }, recycle: true },
    },
    columns: ['title', 'cover', 'showState'],
  },
  actions: ['show', 'hide', 'recycle', 'restore', 'submit', 'revoke', 'publishNoExamine', 'lock'],
  review: { queue: '/auditHotDiscuss', permissionPage: '热议审核', resType: 'discuss' },
  // Spec §7 Discussions, methods as listed there (decision 0023).
  specPaths: {
    'GET /api/discuss/list': 'GET /api/content/list',
    'GET /api/discuss/delete': 'POST /api/content/discuss/delete',
    'POST /api/discuss/add': 'POST /api/content/add',
    'POST /api/discuss/detail': 'GET /api/content/detail',
    'POST /api/discuss/update': 'POST /api/content/modify',
    'POST /api/discuss/examination': 'POST /api/content/examination',
    'POST /api/discuss/revoke': 'POST /api/content/discuss/revert',
    'POST /api/discuss/publish': 'POST /api/content/publish/noExamine',
    'POST /api/discuss/show': { engine: 'POST /api/content/showState', fill: { showState: true } },
    'POST /api/discuss/hidden': { engine: 'POST /api/content/showState', fill: { showState: false } },
  },
  counts: { view: true, like: true },
})
