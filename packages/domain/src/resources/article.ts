import { publishingFields } from './publishingFields.ts'
import { defineResource } from './types.ts'

/**
 * 文章 (spec §2 /contentArticle, /contentArticleDetail). Stored in the shared `content` table with
 * kind 'article'. Field names are the API's and the web engine's names, stable once published:
 * title, cover, summary, body, author, source, tags, mediaAccountId, isFirst, showState, displayStart, displayEnd,
 * operateViewNum, operateLikeNum. Server-maintained values (id, verifyState, processType, viewNum,
 * likeNum, createdBy, createdAt, ...) are not fields: every content item carries them (ContentItem).
 */
export const article = defineResource({
  name: 'article',
  label: '文章',
  storage: { table: 'content', kind: 'article' },
  permissionPage: '内容-文章',
  screens: { list: '/contentArticle', detail: '/contentArticleDetail', comments: '/articleComments' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 100, search: true },
    cover: { kind: 'image', label: '封面', max: 1000 },
    summary: { kind: 'textarea', label: '摘要', max: 500 },
    body: { kind: 'richText', label: '正文', max: 500_000 },
    author: { kind: 'text', label: '作者', max: 50 },
    source: { kind: 'text', label: '来源', max: 50 },
    tags: { kind: 'tags', label: '标签', max: 20 },
    mediaAccountId: { kind: 'mediaAccount', label: '媒体号' },
    isFirst: { kind: 'switch', label: '首发' },
    ...publishingFields(),
  },
  list: {
    types: {
      article: { label: '文章列表', where: { verifyState: { not: 0 } } },
      first: { label: '首发', where: { isFirst: true, verifyState: { not: 0 } } },
      draft: { label: '草稿箱', where: { verifyState: 0 } },
      recycle: { label: '回收站', where: { recycled: true }, recycle: true },
    },
    columns: ['title', 'cover', 'isFirst', 'showState'],
  },
  actions: ['show', 'hide', 'recycle', 'restore', 'submit', 'revoke', 'publishNoExamine', 'lock'],
  review: { queue: '/articleAudit', permissionPage: '文章审核', resType: 'article' },
  counts: { view: true, like: true },
})
