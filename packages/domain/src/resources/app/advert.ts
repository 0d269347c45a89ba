import { defineResource } from '../types.ts'

/** Where in the app an advert shows (decision 0038). */
export const ADVERT_POSITIONS = {
  homeBanner: '首页顶部banner',
  homeFeed: '首页信息流',
  articleBottom: '文章详情页底部',
  videoDetail: '视频详情页',
  mine: '我的页面',
} as const

/**
 * 广告 (spec §2 App: /contentAdv, /advertiseDetail). A picture with a jump link at one place of the app, for its
 * display window; 上线 and in its window, it reaches the app (GET /api/open/app/config, ads by position, in the
 * manual order of 排序). APP-广告 has no review and no 回收站: deleting is for ever.
 */
export const advert = defineResource({
  name: 'advert',
  label: '广告',
  storage: { table: 'app_advert' },
  permissionPage: 'APP-广告',
  screens: { list: '/contentAdv', detail: '/advertiseDetail' },
  fields: {
    title: { kind: 'text', label: '广告名称', required: true, max: 50, search: true },
    position: {
      kind: 'select',
      label: '广告位置',
      required: true,
      options: ADVERT_POSITIONS,
      default: 'homeBanner',
      search: true,
    },
    image: { kind: 'image', label: '广告图片', required: true, max: 1000 },
    link: { kind: 'url', label: '跳转链接', max: 1000, help: 'https:// 开头；留空则不跳转' },
    displayStart: { kind: 'datetime', label: '开始时间', required: true },
    displayEnd: { kind: 'datetime', label: '结束时间', required: true },
    showState: { kind: 'switch', label: '上线', default: true },
  },
  list: {
    types: { list: { label: '广告列表', where: {} } },
    columns: ['title', 'image', 'position', 'displayStart', 'displayEnd'],
  },
  actions: ['show', 'hide', 'sort'],
  permissions: { show: '上线/下线', hide: '上线/下线' },
  showWords: { show: '上线', hide: '下线' },
})
