import { PHONE_PATTERN } from '../../rules/phone.ts'
import { rowsOf } from '../community/circle.ts'
import { defineResource } from '../types.ts'

/**
 * 子账号 (spec §7 /mediaSon; decision 0043): an account's own sub-accounts — a district office under a government
 * account, a department under a school — managed as a panel of the account's screen (/mediasDetail). 启用 / 禁用.
 */
export const mediaSon = defineResource({
  name: 'mediaSon',
  label: '子账号',
  storage: { table: 'media_son' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '媒体号管理',
  screens: { list: '/mediasDetail' },
  fields: {
    mediaAccountId: {
      kind: 'number',
      label: '所属媒体号',
      required: true,
      ref: { resource: 'mediaAccount' },
      search: true,
    },
    name: {
      kind: 'text',
      label: '子账号名称',
      required: true,
      max: 30,
      search: true,
      unique: { within: 'mediaAccountId', message: '该媒体号下已有同名子账号' },
    },
    avatar: { kind: 'image', label: '头像', max: 1000 },
    intro: { kind: 'textarea', label: '简介', max: 200 },
    contactName: { kind: 'text', label: '联系人', max: 20 },
    contactPhone: {
      kind: 'text',
      label: '联系电话',
      max: 11,
      pattern: PHONE_PATTERN,
      invalid: '请输入正确的手机号',
    },
  },
  list: {
    types: { list: { label: '全部子账号', where: {} } },
    columns: ['avatar', 'name', 'mediaAccountId', 'contactName', 'contactPhone'],
  },
  actions: ['show', 'hide'],
  permissions: { show: '启用/禁用', hide: '启用/禁用' },
  showWords: { show: '启用', hide: '禁用' },
  specPaths: {
    'POST /api/mediaSon/insert': 'POST /api/mediaSon/add',
    'POST /api/mediaSon/updateById': 'POST /api/mediaSon/modify',
    'GET /api/mediaSon/pageList': 'GET /api/mediaSon/list',
    'GET /api/mediaSon/detailById': 'GET /api/mediaSon/detail',
    // The spec names one row (`id`); the engine's delete takes `ids`.
    'POST /api/mediaSon/deleteById': { engine: 'POST /api/mediaSon/delete', input: rowsOf },
  },
})
