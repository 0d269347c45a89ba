import { defineResource } from '../types.ts'

/**
 * 运营者 (spec §2 /mediasOperator; §7 /mediaAccount/operateList; decision 0043): an app user who runs a media account,
 * with a media role. One user runs an account once; the role must be one the account's operating preset offers.
 * 启用 / 禁用.
 */
export const mediaOperator = defineResource({
  name: 'mediaOperator',
  label: '运营者',
  storage: { table: 'media_operator' },
  scope: 'shared',
  titleField: 'remark',
  permissionPage: '媒体号管理',
  screens: { list: '/mediasOperator' },
  fields: {
    mediaAccountId: {
      kind: 'number',
      label: '所属媒体号',
      required: true,
      ref: { resource: 'mediaAccount' },
      search: true,
    },
    userId: {
      kind: 'number',
      label: '运营者',
      required: true,
      ref: { resource: 'appUser' },
      search: true,
      unique: { within: 'mediaAccountId', message: '该用户已是此媒体号的运营者' },
    },
    roleId: {
      kind: 'number',
      label: '媒体号角色',
      required: true,
      ref: { resource: 'mediaRole' },
      search: true,
    },
    remark: { kind: 'text', label: '备注', max: 50 },
  },
  list: {
    types: { list: { label: '全部运营者', where: {} } },
    columns: ['userId', 'mediaAccountId', 'roleId', 'remark'],
  },
  actions: ['show', 'hide'],
  permissions: { show: '启用/禁用', hide: '启用/禁用' },
  showWords: { show: '启用', hide: '禁用' },
  specPaths: {
    'GET /api/mediaAccount/operateList': {
      engine: 'GET /api/mediaOperator/list',
      input: ({ id, ...rest }) => ({ ...rest, mediaAccountId: rest.mediaAccountId ?? id }),
    },
  },
})
