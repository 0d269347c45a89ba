import { defineResource } from '../types.ts'

/** The platforms a mini program runs on (decision 0038). */
export const MINI_PROGRAM_PLATFORMS = {
  wechat: '微信',
  alipay: '支付宝',
  baidu: '百度',
  douyin: '抖音',
} as const

/**
 * 小程序 (spec §2 App: /miniPrograms; the form opens in a drawer). Mini programs the app opens (a service entry, an
 * article's link): platform, AppID (one per platform), the page to open; 上线 ones reach the app. A WeChat mini
 * program is launched from an app by its original ID (gh_…), so that one is asked for too. APP-小程序 has no review
 * and no 回收站: deleting is for ever.
 */
export const miniProgram = defineResource({
  name: 'miniProgram',
  label: '小程序',
  storage: { table: 'app_mini_program' },
  titleField: 'name',
  permissionPage: 'APP-小程序',
  screens: { list: '/miniPrograms' },
  fields: {
    name: { kind: 'text', label: '小程序名称', required: true, max: 30, search: true },
    platform: {
      kind: 'select',
      label: '平台',
      required: true,
      options: MINI_PROGRAM_PLATFORMS,
      default: 'wechat',
      search: true,
    },
    appId: {
      kind: 'text',
      label: 'AppID',
      required: true,
      max: 64,
      pattern: /^[A-Za-z0-9_-]+$/,
      unique: { within: 'platform', message: '该平台已有相同 AppID 的小程序' },
    },
    originalId: {
      kind: 'text',
      label: '原始ID',
      max: 50,
      pattern: /^gh_[0-9a-zA-Z]+$/,
      invalid: '原始ID应以 gh_ 开头',
      when: { field: 'platform', value: 'wechat' },
      help: 'App 拉起微信小程序时使用，gh_ 开头',
    },
    path: { kind: 'text', label: '页面路径', max: 200, help: '如 pages/index/index?from=app，留空打开首页' },
    icon: { kind: 'image', label: '图标', max: 1000 },
    showState: { kind: 'switch', label: '上线', default: true },
  },
  list: {
    types: { list: { label: '小程序列表', where: {} } },
    columns: ['name', 'icon', 'platform', 'appId', 'path'],
  },
  actions: ['show', 'hide'],
  permissions: { show: '上线/下线', hide: '上线/下线' },
  showWords: { show: '上线', hide: '下线' },
})
