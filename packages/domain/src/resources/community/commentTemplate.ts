import { COMMENT_BODY_MAX } from '../../api/comments.ts'
import { defineResource } from '../types.ts'

export const COMMENT_TEMPLATE_CATEGORY_MAX = 20

/** What a template is posted on: a content item (文章, 视频…) or a post. */
export const COMMENT_TARGETS = { content: '内容', post: '帖子' } as const

/**
 * 评论模板 (spec §2 /operateComment, type list and import; §6 import comment templates; decision 0042): phrases the
 * operations team posts under operator accounts (运营用户), filed by category, 启用 or 禁用. Imported from Excel
 * (模板分类, 模板内容 columns): the good rows go in, the bad ones are named. 评论 posts the chosen enabled templates
 * as comments on one content item or post, each under the operator account chosen; they pass the sensitive-word
 * list like any comment (server modules/community/commentTemplates.ts).
 */
export const commentTemplate = defineResource({
  name: 'commentTemplate',
  label: '评论模板',
  storage: { table: 'comment_template' },
  titleField: 'content',
  permissionPage: '社区-评论模板',
  screens: { list: '/operateComment' },
  fields: {
    category: { kind: 'text', label: '模板分类', max: COMMENT_TEMPLATE_CATEGORY_MAX, search: true },
    content: { kind: 'textarea', label: '模板内容', required: true, max: COMMENT_BODY_MAX, search: true },
  },
  list: {
    types: { list: { label: '模板列表', where: {} } },
    columns: ['category', 'content'],
  },
  actions: ['show', 'hide', 'import'],
  // A typo in one phrase must not hold back the rest (decision 0042).
  importMode: 'rows',
  permissions: { show: '启用/禁用', hide: '启用/禁用' },
  showWords: { show: '启用', hide: '禁用' },
  commands: {
    post: {
      label: '评论',
      action: '评论',
      rows: 'many',
      input: {
        target: {
          kind: 'select',
          label: '评论对象',
          required: true,
          options: COMMENT_TARGETS,
          default: 'post',
        },
        targetId: { kind: 'number', label: '内容或帖子ID', required: true, min: 1 },
        operatorId: {
          kind: 'number',
          label: '运营账号',
          required: true,
          min: 1,
          ref: { resource: 'operatorUser' },
        },
      },
    },
  },
})
