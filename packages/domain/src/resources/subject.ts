import { publishingFields } from './publishingFields.ts'
import { defineResource } from './types.ts'

/**
 * 专题 (spec §2 /contentSubject, /addSubject, /editSubject, /subjectDetail; queue /subjectAudit with /auditDetail).
 * Stored in the shared `content` table with kind 'subject'. A subject is a page of named modules (模块), each an
 * ordered list of content items of any published type: the `modules` field (docs/decisions/0022).
 */
export const subject = defineResource({
  name: 'subject',
  label: '专题',
  storage: { table: 'content', kind: 'subject' },
  permissionPage: '内容-专题',
  screens: {
    list: '/contentSubject',
    detail: '/subjectDetail',
    create: '/addSubject',
    edit: '/editSubject',
  },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 100, search: true },
    cover: { kind: 'image', label: '封面', max: 1000 },
    banner: { kind: 'image', label: '头图', max: 1000 },
    summary: { kind: 'textarea', label: '摘要', max: 500 },
    body: { kind: 'richText', label: '专题介绍', max: 100_000 },
    modules: {
      kind: 'modules',
      label: '专题模块',
      max: 20,
      relation: {
        resource: 'article',
        multiple: true,
        anyOf: ['article', 'video', 'collection', 'discuss'],
      },
    },
    tags: { kind: 'tags', label: '标签', max: 20 },
    ...publishingFields(),
  },
  list: {
    types: {
      list: { label: '专题列表', where: { verifyState: { not: 0 } } },
      draft: { label: '草稿箱', where: { verifyState: 0 } },
      recycle: { label: '回收站', where: { recycled: true }, recycle: true },
    },
    columns: ['title', 'cover', 'showState'],
  },
  actions: ['show', 'hide', 'recycle', 'restore', 'submit', 'revoke', 'publishNoExamine', 'lock'],
  review: { queue: '/subjectAudit', permissionPage: '专题审核', resType: 'subject' },
  // Spec §7 Subjects (no methods there: reads GET, changes POST; decision 0023). Module content is the `modules`
  // field, so update/info and update/module are both the whole form's save (decision 0022).
  specPaths: {
    'GET /api/subject/list': 'GET /api/content/list',
    'POST /api/subject/add': 'POST /api/content/add',
    'GET /api/subject/detail': 'GET /api/content/detail',
    'POST /api/subject/update/info': 'POST /api/content/modify',
    'POST /api/subject/update/module': 'POST /api/content/modify',
    'POST /api/subject/delete': 'POST /api/content/subject/delete',
    'POST /api/subject/examination': 'POST /api/content/examination',
    'POST /api/subject/revert': 'POST /api/content/subject/revert',
    'POST /api/subject/publish': 'POST /api/content/publish/noExamine',
    'POST /api/subject/show': { engine: 'POST /api/content/showState', fill: { showState: true } },
    'POST /api/subject/hidden': { engine: 'POST /api/content/showState', fill: { showState: false } },
    // The modules' video picker (spec §7 Subjects: GET /content/video).
    'GET /api/content/video': {
      engine: 'GET /api/content/relation',
      fill: { field: 'modules', related: 'video' },
    },
  },
  counts: { view: true, like: true },
})
