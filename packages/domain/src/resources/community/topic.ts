import { defineResource } from '../types.ts'

export const TOPIC_NAME_MAX = 20
export const TOPIC_INTRO_MAX = 200

/**
 * 话题 (spec §2 /topicManage; its posts /topicContent?id=, the comments on them /topicComment?id=; decision 0042):
 * a hashtag app users post under (a post carries at most one). Operators make them, show or hide them in the app,
 * recommend them (推荐) and order them (排序). 帖子数 counts the posts the app shows.
 */
export const topic = defineResource({
  name: 'topic',
  label: '话题',
  storage: { table: 'topic' },
  titleField: 'name',
  permissionPage: '社区-话题',
  // A topic's own screen is its content (/topicContent?id=), where its details are edited too.
  screens: { list: '/topicManage', detail: '/topicContent' },
  fields: {
    name: {
      kind: 'text',
      label: '话题名称',
      required: true,
      max: TOPIC_NAME_MAX,
      search: true,
      unique: { message: '话题名称已存在' },
    },
    cover: { kind: 'image', label: '封面图', max: 1000 },
    intro: { kind: 'textarea', label: '话题简介', max: TOPIC_INTRO_MAX },
    recommend: { kind: 'switch', label: '推荐', readOnly: true },
    posts: { kind: 'number', label: '帖子数', derived: true },
  },
  list: {
    types: {
      list: { label: '全部话题', where: {} },
      recommend: { label: '推荐话题', where: { is: { recommend: true } } },
    },
    columns: ['cover', 'name', 'intro', 'recommend', 'posts'],
  },
  actions: ['show', 'hide', 'sort'],
  commands: {
    recommend: { label: '推荐', action: '推荐', rows: 'many', confirm: '确定推荐选中的 {n} 个话题吗？' },
    unrecommend: {
      label: '取消推荐',
      action: '推荐',
      rows: 'many',
      confirm: '确定取消推荐选中的 {n} 个话题吗？',
    },
  },
})
