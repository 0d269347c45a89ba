import { defineResource } from '../types.ts'

/**
 * 默认头像 (spec §2 /defaultAvatar): the stock pictures of new app users — a new user gets the first 启用 one in 排序
 * order until they upload their own (the app-facing sign-up, decision 0041).
 */
export const defaultAvatar = defineResource({
  name: 'defaultAvatar',
  label: '默认头像',
  storage: { table: 'default_avatar' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '默认头像',
  screens: { list: '/defaultAvatar' },
  fields: {
    name: { kind: 'text', label: '名称', required: true, max: 20, search: true },
    image: {
      kind: 'image',
      label: '头像图片',
      required: true,
      max: 1000,
      help: '建议 200×200 像素的正方形图片',
    },
    showState: { kind: 'switch', label: '启用', default: true },
  },
  list: { types: { list: { label: '默认头像', where: {} } }, columns: ['name', 'image'] },
  actions: ['show', 'hide', 'sort'],
  permissions: { show: '启用/禁用', hide: '启用/禁用' },
  showWords: { show: '启用', hide: '禁用' },
})
