import { TASK_ACTIONS, TASK_PERIODS, TASK_POINTS_MAX } from '../../api/tasks.ts'
import { defineResource } from '../types.ts'

/**
 * 任务 (spec §2 /taskManage list and sort, /taskDetail; decision 0050): an app action (阅读, 分享, 评论, 发帖, 投票, 签到,
 * 邀请好友) done `target` times — each day (每日任务, Asia/Shanghai) or once ever (一次性任务) — for `points`. Only 上线
 * tasks count and show in the app. The task whose action is 签到 is the daily sign-in (at most one; its points are the
 * sign-in's, edited under 签到设置). 排序 is the order the app lists them in. Completion: server modules/tasks.
 */
export const task = defineResource({
  name: 'task',
  label: '任务',
  storage: { table: 'task' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '任务管理',
  screens: { list: '/taskManage', detail: '/taskDetail' },
  fields: {
    name: { kind: 'text', label: '任务名称', required: true, max: 20, search: true },
    icon: { kind: 'image', label: '图标', max: 1000, help: '建议 96×96 像素' },
    description: { kind: 'textarea', label: '说明', max: 200 },
    link: { kind: 'text', label: '跳转链接', max: 1000, help: '去完成时打开的页面（App 内链接或网址）' },
    action: {
      kind: 'select',
      label: '任务动作',
      required: true,
      options: TASK_ACTIONS,
      default: 'read',
      search: true,
    },
    period: {
      kind: 'select',
      label: '周期',
      required: true,
      options: TASK_PERIODS,
      default: 'daily',
      search: true,
    },
    target: { kind: 'number', label: '需完成次数', required: true, min: 1, max: 1000, default: 1 },
    points: { kind: 'number', label: '奖励积分', required: true, min: 0, max: TASK_POINTS_MAX, default: 10 },
    showState: { kind: 'switch', label: '上线', default: true },
  },
  list: {
    types: {
      list: { label: '全部任务', where: {} },
      daily: { label: '每日任务', where: { is: { period: 'daily' } } },
      once: { label: '一次性任务', where: { is: { period: 'once' } } },
    },
    columns: ['icon', 'name', 'action', 'period', 'target', 'points', 'showState'],
  },
  actions: ['show', 'hide', 'sort'],
  permissions: { show: '上线/下线', hide: '上线/下线' },
  showWords: { show: '上线', hide: '下线' },
})
