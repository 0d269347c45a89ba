import { defineResource } from '../types.ts'
import { awardFields, awardList, grantCommand } from './awardFields.ts'

/**
 * 头像框 (spec §2 /taskAvatar, /taskAvatarDetail; decision 0050): like a medal (the same `award` table, kind
 * avatarFrame), and a user wears at most one of those they hold (app_user.avatar_frame_id).
 */
export const avatarFrame = defineResource({
  name: 'avatarFrame',
  label: '头像框',
  storage: { table: 'award', fixed: { kind: 'avatarFrame' } },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '任务-头像框',
  screens: { list: '/taskAvatar', detail: '/taskAvatarDetail' },
  fields: awardFields('头像框'),
  list: awardList('头像框'),
  actions: ['show', 'hide', 'sort'],
  permissions: { show: '编辑', hide: '编辑', sort: '编辑' },
  showWords: { show: '启用', hide: '禁用' },
  commands: grantCommand,
})
