import { defineResource } from '../types.ts'
import { phoneField } from './appUser.ts'

/**
 * 网评员 (spec §2 /networkManage, decision 0040): the people who comment on the platform's behalf — staff and
 * volunteers of the units the platform works with, each covering an area. Each is bound to an operator account
 * (运营用户) they post and comment as; their performance is what that account posted and commented in the last 7 and 30
 * days (computed per row, server modules/community/commentators.ts). 禁用 takes one off the roster without losing it.
 */
export const networkCommentator = defineResource({
  name: 'networkCommentator',
  label: '网评员',
  storage: { table: 'network_commentator' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '社区-网评员',
  screens: { list: '/networkManage' },
  fields: {
    name: { kind: 'text', label: '姓名', required: true, max: 20, search: true },
    phone: phoneField,
    unit: { kind: 'text', label: '所属单位', max: 50, search: true },
    area: { kind: 'text', label: '负责区域', max: 50, search: true },
    userId: {
      kind: 'number',
      label: '绑定运营用户',
      ref: { resource: 'operatorUser' },
      unique: { message: '该运营用户已绑定其他网评员' },
      help: '网评员以这个运营用户的身份发帖和评论，业绩按它统计',
    },
    remark: { kind: 'textarea', label: '备注', max: 200 },
    showState: { kind: 'switch', label: '启用', default: true },
    comments7d: { kind: 'number', label: '近7天评论', derived: true },
    comments30d: { kind: 'number', label: '近30天评论', derived: true },
    posts7d: { kind: 'number', label: '近7天发帖', derived: true },
    posts30d: { kind: 'number', label: '近30天发帖', derived: true },
  },
  list: {
    types: { list: { label: '网评员', where: {} } },
    columns: ['name', 'phone', 'unit', 'area', 'userId', 'comments7d', 'comments30d', 'posts7d', 'posts30d'],
  },
  actions: ['show', 'hide'],
  permissions: { show: '启用/禁用', hide: '启用/禁用' },
  showWords: { show: '启用', hide: '禁用' },
})
