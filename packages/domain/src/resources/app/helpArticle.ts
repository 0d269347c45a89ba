import { defineResource } from '../types.ts'

/** The help centre's sections (decision 0038). */
export const HELP_CATEGORIES = {
  account: '账号问题',
  usage: '功能使用',
  points: '积分与活动',
  member: '会员与支付',
  other: '其他',
} as const

/**
 * 帮助文章 (spec §2 App: /helpArticle, /helpArticleDetail; queue /auditHelpArticle with /examineHelpArticleDetail,
 * pending count "help articles"). A rich-text answer in the app's help centre, by section; the app shows it once
 * approved and 显示. APP-帮助文章 has no 回收站: deleting is for ever.
 */
export const helpArticle = defineResource({
  name: 'helpArticle',
  label: '帮助文章',
  storage: { table: 'app_help_article' },
  permissionPage: 'APP-帮助文章',
  screens: { list: '/helpArticle', detail: '/helpArticleDetail' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 100, search: true },
    category: {
      kind: 'select',
      label: '分类',
      required: true,
      options: HELP_CATEGORIES,
      default: 'usage',
      search: true,
    },
    body: { kind: 'richText', label: '正文', required: true, max: 50_000 },
    showState: { kind: 'switch', label: '显示', default: true },
  },
  list: {
    types: { list: { label: '帮助文章列表', where: {} } },
    columns: ['title', 'category', 'showState'],
  },
  actions: ['show', 'hide', 'submit', 'revoke', 'withdraw', 'lock'],
  review: { queue: '/auditHelpArticle', permissionPage: '帮助文章审核', resType: 'helpArticle' },
})
