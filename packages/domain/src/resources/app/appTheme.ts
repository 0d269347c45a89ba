import { defineResource } from '../types.ts'

/** What a theme does to the app: a festival skin, or the grey of national mourning (decision 0038). */
export const THEME_MODES = { skin: '节日皮肤', grey: '哀悼灰色' } as const

/**
 * 主题 (spec §2 App: /themeManager; the form opens in a drawer). An app-wide look for a scheduled window: a festival
 * skin (main colour, top picture) or the mourning grey. The app config (GET /api/open/app/config) takes the 启用 theme
 * whose window holds the moment, a grey one before any skin, then the latest start (decision 0038). APP-主题管理 has no
 * review and no 回收站.
 */
export const appTheme = defineResource({
  name: 'appTheme',
  label: '主题',
  storage: { table: 'app_theme' },
  titleField: 'name',
  permissionPage: 'APP-主题管理',
  screens: { list: '/themeManager' },
  fields: {
    name: { kind: 'text', label: '主题名称', required: true, max: 30, search: true },
    mode: { kind: 'select', label: '主题类型', required: true, options: THEME_MODES, default: 'skin' },
    primaryColor: {
      kind: 'text',
      label: '主色',
      required: true,
      max: 7,
      pattern: /^#[0-9a-fA-F]{6}$/,
      invalid: '主色应为 #RRGGBB 格式，如 #D4302B',
      when: { field: 'mode', value: 'skin' },
    },
    topImage: {
      kind: 'image',
      label: '顶部背景图',
      max: 1000,
      when: { field: 'mode', value: 'skin' },
      help: '首页顶部的节日背景，建议 1125×360 像素',
    },
    displayStart: { kind: 'datetime', label: '开始时间', required: true },
    displayEnd: { kind: 'datetime', label: '结束时间', required: true },
    showState: { kind: 'switch', label: '启用', default: true },
  },
  list: {
    types: { list: { label: '主题列表', where: {} } },
    columns: ['name', 'mode', 'primaryColor', 'displayStart', 'displayEnd'],
  },
  actions: ['show', 'hide'],
  permissions: { show: '启用/禁用', hide: '启用/禁用' },
  showWords: { show: '启用', hide: '禁用' },
})
