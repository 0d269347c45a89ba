import { defineResource } from '../types.ts'
import { APP_PLATFORMS, SHOW_FREQUENCIES } from './appOptions.ts'

/** What a splash screen shows: a picture, a video or an animated vector (.pag). */
export const SPLASH_MEDIA = { image: '图片', video: '视频', pag: 'PAG动画' } as const

/**
 * 闪屏 (spec §2 App: /contentFlash, /contentSpalshDetail, /publishFlash; queue /splashAudit with /splashAuditDetail,
 * pending source `splansh`). The screen the app shows at launch, for its display window, to the chosen platforms;
 * it reaches the app (GET /api/open/app/config) once approved and 上线. APP-闪屏 has no 回收站: deleting is for ever.
 */
export const splash = defineResource({
  name: 'splash',
  label: '闪屏',
  storage: { table: 'app_splash' },
  permissionPage: 'APP-闪屏',
  screens: { list: '/contentFlash', detail: '/contentSpalshDetail' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 50, search: true },
    mediaType: { kind: 'select', label: '素材类型', required: true, options: SPLASH_MEDIA, default: 'image' },
    image: {
      kind: 'image',
      label: '图片',
      required: true,
      max: 1000,
      when: { field: 'mediaType', value: 'image' },
    },
    video: {
      kind: 'video',
      label: '视频',
      required: true,
      max: 1000,
      when: { field: 'mediaType', value: 'video' },
    },
    pag: {
      kind: 'file',
      label: 'PAG动画',
      required: true,
      max: 1000,
      upload: 'pag',
      when: { field: 'mediaType', value: 'pag' },
    },
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
      default: 'launch',
    },
    countdown: { kind: 'number', label: '倒计时（秒）', required: true, min: 1, max: 10, default: 5 },
    skippable: { kind: 'switch', label: '允许跳过', default: true },
    link: { kind: 'url', label: '跳转链接', max: 1000, help: 'https:// 开头；留空则不跳转' },
    showState: { kind: 'switch', label: '上线', default: true },
  },
  list: {
    types: { list: { label: '闪屏列表', where: {} } },
    columns: ['title', 'mediaType', 'platforms', 'frequency', 'displayStart', 'displayEnd'],
  },
  actions: ['show', 'hide', 'submit', 'revoke', 'withdraw'],
  permissions: { show: '上线/下线', hide: '上线/下线' },
  showWords: { show: '上线', hide: '下线' },
  review: { queue: '/splashAudit', permissionPage: '闪屏审核', resType: 'splash' },
})
