import { defineResource } from '../types.ts'

/**
 * 栏目 (spec §2 /mediaColumn; §7 /relationMediaColumn; decision 0043): the platform's columns (时政, 民生, 教育…) that
 * media accounts file themselves under; the app lists accounts by column in the 排序 order. 显示 / 隐藏.
 */
export const mediaColumn = defineResource({
  name: 'mediaColumn',
  label: '栏目',
  storage: { table: 'media_column' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '媒体号-栏目',
  screens: { list: '/mediaColumn' },
  fields: {
    name: {
      kind: 'text',
      label: '栏目名称',
      required: true,
      max: 20,
      search: true,
      unique: { message: '栏目名称已存在' },
    },
    icon: { kind: 'image', label: '栏目图标', max: 1000 },
    intro: { kind: 'textarea', label: '栏目简介', max: 200 },
    accounts: { kind: 'number', label: '媒体号数', derived: true },
  },
  list: {
    types: { list: { label: '全部栏目', where: {} } },
    columns: ['icon', 'name', 'intro', 'accounts'],
  },
  actions: ['show', 'hide', 'sort'],
})
