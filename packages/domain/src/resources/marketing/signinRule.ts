import { TASK_POINTS_MAX } from '../../api/tasks.ts'
import { defineResource } from '../types.ts'

/**
 * 连续签到奖励 (spec §2 /taskManage signin; decision 0050): reaching a streak of `days` consecutive sign-ins pays
 * `points` (point_log source streak) and grants the medal, once per streak — a streak going on past the day does not
 * pay it again; a broken streak that starts over may earn it again.
 */
export const signinRule = defineResource({
  name: 'signinRule',
  label: '连续签到奖励',
  storage: { table: 'signin_rule' },
  scope: 'shared',
  titleField: 'days',
  permissionPage: '任务管理',
  screens: { list: '/taskManage' },
  fields: {
    days: {
      kind: 'number',
      label: '连续签到天数',
      required: true,
      min: 1,
      max: 365,
      unique: { message: '该连续签到天数已有奖励' },
    },
    points: { kind: 'number', label: '奖励积分', required: true, min: 0, max: TASK_POINTS_MAX, default: 0 },
    awardId: { kind: 'number', label: '奖励勋章', ref: { resource: 'medal' }, help: '可不选' },
    remark: { kind: 'text', label: '备注', max: 100 },
  },
  list: {
    types: { list: { label: '连续签到奖励', where: {} } },
    columns: ['days', 'points', 'awardId', 'remark'],
    sort: { field: 'days', order: 'asc' },
  },
  actions: [],
})
