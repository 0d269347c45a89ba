import { defineResource } from '../types.ts'

/** What a web resource is: an address, or a zip package uploaded here (as an H5 page's). */
export const WEB_RESOURCE_KINDS = { url: '网页链接', package: '离线包' } as const

/**
 * 网页资源 (spec §2 App: /webResource, /editWebResource). Web pages the app opens by name (the user agreement, the
 * privacy policy, an event page): an address, or a zip package kept as a public download for the app to unpack.
 * APP-网页资源 has no review and no 回收站: deleting is for ever.
 */
export const webResource = defineResource({
  name: 'webResource',
  label: '网页资源',
  storage: { table: 'app_web_resource' },
  titleField: 'name',
  permissionPage: 'APP-网页资源',
  screens: { list: '/webResource', detail: '/editWebResource' },
  fields: {
    name: { kind: 'text', label: '资源名称', required: true, max: 50, search: true },
    sourceType: {
      kind: 'select',
      label: '资源类型',
      required: true,
      options: WEB_RESOURCE_KINDS,
      default: 'url',
      search: true,
    },
    url: {
      kind: 'url',
      label: '网页地址',
      required: true,
      max: 1000,
      when: { field: 'sourceType', value: 'url' },
      help: 'https:// 开头的页面地址',
    },
    packageUrl: {
      kind: 'file',
      label: '离线包',
      required: true,
      max: 1000,
      upload: 'package',
      when: { field: 'sourceType', value: 'package' },
      help: 'zip 压缩包，根目录含 index.html',
    },
    description: { kind: 'textarea', label: '说明', max: 500 },
  },
  list: {
    types: { list: { label: '网页资源列表', where: {} } },
    columns: ['name', 'sourceType', 'url', 'description'],
  },
  actions: [],
})
