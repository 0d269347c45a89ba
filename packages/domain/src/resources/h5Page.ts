import { defineResource } from './types.ts'

/** How an H5 page is reached: an external address, or a zip package uploaded here (spec §2 "URL or uploaded package"). */
export const H5_LINK_TYPES = { url: '外部链接', package: 'H5包' } as const

/**
 * H5 (spec §2 /H5Manager, /H5ManagerDetail; queue /auditH5 with /examineH5ManagerDetail; §4 showState on H5).
 * An externally built mobile web page published as content, stored in the shared `content` table with kind 'h5'
 * (resType H5 of the spec's pending counts, path segment `h5`). 内容-H5 has no 回收站 or 评论: deleting is for
 * ever and there is no comment screen. The package is kept as a public download (never served as a page from the
 * console's origin, DESIGN §7); the app's H5 host publishes it.
 */
export const h5Page = defineResource({
  name: 'h5Page',
  label: 'H5',
  storage: { table: 'content', kind: 'h5' },
  permissionPage: '内容-H5',
  screens: { list: '/H5Manager', detail: '/H5ManagerDetail' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 100, search: true },
    cover: { kind: 'image', label: '封面', max: 1000 },
    linkType: { kind: 'select', label: '链接类型', required: true, options: H5_LINK_TYPES, default: 'url' },
    url: {
      kind: 'url',
      label: '链接地址',
      required: true,
      max: 1000,
      when: { field: 'linkType', value: 'url' },
      help: 'https:// 开头的页面地址',
    },
    packageUrl: {
      kind: 'file',
      label: 'H5包',
      required: true,
      max: 1000,
      upload: 'package',
      when: { field: 'linkType', value: 'package' },
      help: 'zip 压缩包，根目录含 index.html',
    },
    summary: { kind: 'textarea', label: '简介', max: 500 },
    showState: { kind: 'switch', label: '显示', default: true },
  },
  list: {
    types: { list: { label: 'H5列表', where: {} } },
    columns: ['title', 'cover', 'linkType', 'showState'],
  },
  actions: ['show', 'hide', 'submit', 'revoke', 'publishNoExamine', 'lock'],
  review: { queue: '/auditH5', permissionPage: 'H5审核', resType: 'h5' },
  // Spec §7 H5 calls (delete is the engine's own path, /api/content/h5/delete).
  specPaths: {
    'GET /api/content/h5/list': 'GET /api/content/list',
    'POST /api/content/h5/list': 'POST /api/content/list',
    'GET /api/content/h5/detail': 'GET /api/content/detail',
    'POST /api/content/h5/add': 'POST /api/content/add',
    'POST /api/content/h5/modify': 'POST /api/content/modify',
    'POST /api/content/h5/examine': 'POST /api/content/examination',
    'POST /api/content/h5/showState': 'POST /api/content/showState',
  },
  counts: { view: false, like: false },
})
