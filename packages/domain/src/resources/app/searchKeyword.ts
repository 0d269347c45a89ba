import { defineResource } from '../types.ts'

/** The badge beside a hot word in the app's search page; none when left empty. */
export const KEYWORD_LABELS = { hot: '热', new: '新', recommend: '荐' } as const

/**
 * 搜索推荐 (spec §2 App: /searchRecommend, the form in a drawer; queue /auditSearchKeyword). The hot words the app's
 * search page offers, in the manual order of 排序; approved ones reach the app (GET /api/open/app/config). 导入 takes
 * an Excel sheet whose header row is the field labels (热搜词, 角标, 跳转链接), as 导出 of other types writes them;
 * imported words are drafts to submit. APP-搜索推荐 has no 回收站: deleting is for ever.
 */
export const searchKeyword = defineResource({
  name: 'searchKeyword',
  label: '热搜词',
  storage: { table: 'app_search_keyword' },
  titleField: 'keyword',
  permissionPage: 'APP-搜索推荐',
  screens: { list: '/searchRecommend' },
  fields: {
    keyword: {
      kind: 'text',
      label: '热搜词',
      required: true,
      max: 30,
      search: true,
      unique: { message: '该热搜词已存在' },
    },
    label: { kind: 'select', label: '角标', options: KEYWORD_LABELS },
    link: { kind: 'url', label: '跳转链接', max: 1000, help: '留空则搜索该词' },
  },
  list: {
    types: { list: { label: '热搜词列表', where: {} } },
    columns: ['keyword', 'label', 'link'],
  },
  actions: ['sort', 'import', 'submit', 'revoke', 'withdraw'],
  review: { queue: '/auditSearchKeyword', permissionPage: '搜索推荐审核', resType: 'searchKeyword' },
})
