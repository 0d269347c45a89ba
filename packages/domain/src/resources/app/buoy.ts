import { defineResource } from '../types.ts'

/** The screen edge a floating button sits on. */
export const BUOY_POSITIONS = { right: '右下角', left: '左下角' } as const
/** The app's screens a floating button may show on (decision 0038). */
export const BUOY_PAGES = {
  home: '首页',
  video: '视频',
  live: '直播',
  service: '服务',
  mine: '我的',
} as const

/**
 * 浮标 (spec §2 App: /buoyConfig; the form opens in a drawer). A small floating picture with a link (an event, a
 * survey) over the chosen screens of the app, for its display window when it has one; 上线 and in its window, it
 * reaches the app (GET /api/open/app/config). APP-浮标 has no review and no 回收站: deleting is for ever.
 */
export const buoy = defineResource({
  name: 'buoy',
  label: '浮标',
  storage: { table: 'app_buoy' },
  permissionPage: 'APP-浮标',
  screens: { list: '/buoyConfig' },
  fields: {
    title: { kind: 'text', label: '名称', required: true, max: 30, search: true },
    image: { kind: 'image', label: '浮标图片', required: true, max: 1000, help: '建议 160×160 像素透明 PNG' },
    link: { kind: 'url', label: '跳转链接', required: true, max: 1000 },
    position: { kind: 'select', label: '位置', required: true, options: BUOY_POSITIONS, default: 'right' },
    pages: { kind: 'multiSelect', label: '展示页面', required: true, options: BUOY_PAGES, search: true },
    closable: { kind: 'switch', label: '可关闭', default: true, help: '用户关闭后当天不再展示' },
    displayStart: { kind: 'datetime', label: '开始时间' },
    displayEnd: { kind: 'datetime', label: '结束时间' },
    showState: { kind: 'switch', label: '上线', default: true },
  },
  list: {
    types: { list: { label: '浮标列表', where: {} } },
    columns: ['title', 'image', 'position', 'pages', 'displayStart', 'displayEnd'],
  },
  actions: ['show', 'hide'],
  permissions: { show: '上线/下线', hide: '上线/下线' },
  showWords: { show: '上线', hide: '下线' },
})
