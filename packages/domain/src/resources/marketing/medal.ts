import { defineResource } from '../types.ts'
import { awardFields, awardList, grantCommand } from './awardFields.ts'

/**
 * 勋章 (spec §2 /taskMedal, /taskMedalDetail; decision 0050): earned when its rule's count reaches 门槛 (累计积分,
 * 连续签到, 完成任务数, 邀请人数) or given by 发放; shown on the user's profile and /userDetail. 禁用 stops rules and 发放.
 */
export const medal = defineResource({
  name: 'medal',
  label: '勋章',
  storage: { table: 'award', fixed: { kind: 'medal' } },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '任务-勋章',
  screens: { list: '/taskMedal', detail: '/taskMedalDetail' },
  fields: awardFields('勋章'),
  list: awardList('勋章'),
  actions: ['show', 'hide', 'sort'],
  permissions: { show: '编辑', hide: '编辑', sort: '编辑' },
  showWords: { show: '启用', hide: '禁用' },
  commands: grantCommand,
})
