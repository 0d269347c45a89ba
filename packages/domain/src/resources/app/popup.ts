import { defineResource } from '../types.ts'
import { APP_PLATFORMS, SHOW_FREQUENCIES } from './appOptions.ts'

/**
 * 弹窗 (spec §2 App: /contentPopup, /contentPopupDetail; queue /popupAudit with /popupAuditDetail, pending source
 * `popup`). A picture the app pops up over its home screen, for its display window, to the chosen platforms, as often
 * as its frequency says; it reaches the app (GET /api/open/app/config) once approved and 上线. APP-弹窗 has no 回收站:
 * deleting is for ever.
 */
export const popup = defineResource({
  name: 'popup',
  label: '弹窗',
  storage: { table: 'app_popup' },
  permissionPage: 'APP-弹窗',
  screens: { list: '/contentPopup', detail: '/contentPopupDetail' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 50, search: true },
    image: { kind: 'image', label: '弹窗图片', required: true, max: 1000, help: '建议 600×800 像素' },
    link: { kind: 'url', label: '跳转链接', max: 1000, help: 'https:// 开头；留空则只展示图片' },
    platforms: {
      kind: 'multiSelect',
      label: '投放平台',
      required: true,
      options: APP_PLATFORMS,
      search: true,
    },
    displayStart: { kind: 'datetime', label: '开始时间', required: true },
    displayEnd: { kind: 'datetime', label: '结束时间', required: true },
    frequency: {
      kind: 'select',
      label: '展示频次',
      required: true,
      options: SHOW_FREQUENCIES,
      default: 'daily',
    },
    showState: { kind: 'switch', label: '上线', default: true },
  },
  list: {
    types: { list: { label: '弹窗列表', where: {} } },
    columns: ['title', 'image', 'platforms', 'frequency', 'displayStart', 'displayEnd'],
  },
  actions: ['show', 'hide', 'submit', 'revoke', 'withdraw'],
  permissions: { show: '上线/下线', hide: '上线/下线' },
  showWords: { show: '上线', hide: '下线' },
  review: { queue: '/popupAudit', permissionPage: '弹窗审核', resType: 'popup' },
})
