import { defineResource } from '../types.ts'

/** What a media role lets an operator do inside the account. */
export const MEDIA_ROLE_PERMISSIONS = {
  publish: '发布内容',
  edit: '编辑内容',
  reply: '回复评论',
  data: '查看数据',
} as const

/**
 * 媒体号角色 (spec §2 /mediaRole, /mediaRoleDetail; §7 /mediaAccount/roles; decision 0043): a permission set inside an
 * account, held by its operators. Roles are the platform's; an operating preset narrows which an account may use.
 */
export const mediaRole = defineResource({
  name: 'mediaRole',
  label: '媒体号角色',
  storage: { table: 'media_role' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '媒体号-角色',
  screens: { list: '/mediaRole', detail: '/mediaRoleDetail' },
  fields: {
    name: {
      kind: 'text',
      label: '角色名称',
      required: true,
      max: 20,
      search: true,
      unique: { message: '角色名称已存在' },
    },
    permissions: {
      kind: 'multiSelect',
      label: '角色权限',
      required: true,
      options: MEDIA_ROLE_PERMISSIONS,
    },
    intro: { kind: 'textarea', label: '角色说明', max: 200 },
    operators: { kind: 'number', label: '运营者数', derived: true },
  },
  list: {
    types: { list: { label: '全部角色', where: {} } },
    columns: ['name', 'permissions', 'intro', 'operators'],
  },
  actions: [],
  specPaths: {
    // The role picker of an account's operators: any signed-in account may read the names.
    'GET /api/mediaAccount/roles': {
      engine: 'GET /api/mediaRole/list',
      defaults: { pageSize: 100 },
      open: true,
    },
  },
})
