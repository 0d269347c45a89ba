import { defineResource } from '../types.ts'

export const RECOMMEND_SLOTS_MAX = 20

/**
 * 运营预置 (spec §2 /operatingPreManage, /operatingPreDetail; decision 0043 — the spec gives only the name): a package
 * a new account starts from. Its default columns are given to an account approved without columns of its own; the
 * media roles it names are the ones the account's operators may hold; its recommendation slots are how many items
 * the account may 置顶 in its content (/mediaContent).
 */
export const operatingPreset = defineResource({
  name: 'operatingPreset',
  label: '运营预置',
  storage: { table: 'operating_preset' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '媒体号-运营预置',
  screens: { list: '/operatingPreManage', detail: '/operatingPreDetail' },
  fields: {
    name: {
      kind: 'text',
      label: '预置名称',
      required: true,
      max: 20,
      search: true,
      unique: { message: '预置名称已存在' },
    },
    intro: { kind: 'textarea', label: '预置说明', max: 200 },
    columns: { kind: 'tags', label: '默认栏目', max: 10, ref: { resource: 'mediaColumn' } },
    roles: {
      kind: 'tags',
      label: '可用角色',
      max: 20,
      ref: { resource: 'mediaRole' },
      help: '为空表示不限',
    },
    recommendSlots: {
      kind: 'number',
      label: '推荐位数量',
      required: true,
      min: 0,
      max: RECOMMEND_SLOTS_MAX,
      default: 3,
      help: `媒体号内容可置顶的条数，0–${RECOMMEND_SLOTS_MAX}`,
    },
    accounts: { kind: 'number', label: '使用的媒体号', derived: true },
  },
  list: {
    types: { list: { label: '全部预置', where: {} } },
    columns: ['name', 'columns', 'roles', 'recommendSlots', 'accounts'],
  },
  actions: ['show', 'hide'],
  permissions: { show: '启用/禁用', hide: '启用/禁用' },
  showWords: { show: '启用', hide: '停用' },
})
