import {
  AWARD_RULES,
  AWARD_THRESHOLD_MAX,
  GRANT_REASON_MAX,
  GRANT_USERS_MAX,
  taskMessages,
} from '../../api/tasks.ts'
import type { CommandDef, FieldDef, ResourceDef } from '../types.ts'

/**
 * What 勋章 and 头像框 share (decision 0050): rows of the one `award` table told apart by `kind` (storage.fixed, as app
 * users and operator accounts share app_user), earned by a rule reaching its 门槛 or given by 发放.
 */
export const awardFields = (noun: string) =>
  ({
    name: {
      kind: 'text',
      label: '名称',
      required: true,
      max: 20,
      search: true,
      unique: { message: `${noun}名称已存在` },
    },
    image: { kind: 'image', label: '图片', required: true, max: 1000, help: '建议 200×200 像素的透明 PNG' },
    description: { kind: 'textarea', label: '说明', max: 200 },
    rule: {
      kind: 'select',
      label: '获得方式',
      required: true,
      options: AWARD_RULES,
      default: 'manual',
      search: true,
    },
    threshold: {
      kind: 'number',
      label: '门槛',
      required: true,
      min: 1,
      max: AWARD_THRESHOLD_MAX,
      // Asked for only when a rule earns it (手动发放 has none).
      when: { field: 'rule', values: ['points', 'signinStreak', 'tasks', 'invites'] },
      invalid: taskMessages.thresholdNeeded,
      help: '积分、连续签到天数、完成任务数或邀请人数',
    },
    showState: { kind: 'switch', label: '启用', default: true },
    grantedCount: { kind: 'number', label: '获得人数', readOnly: true },
  }) as const satisfies Record<string, FieldDef>

/** 发放: give the award to chosen app users, with a reason (once each). */
export const grantCommand = {
  grant: {
    label: '发放',
    action: '发放',
    rows: 'one',
    input: {
      userIds: {
        kind: 'tags',
        label: '发放用户',
        required: true,
        max: GRANT_USERS_MAX,
        ref: { resource: 'appUser' },
      },
      reason: { kind: 'textarea', label: '发放原因', required: true, max: GRANT_REASON_MAX },
    },
  },
} as const satisfies Record<string, CommandDef>

export const awardList = (label: string) =>
  ({
    types: { list: { label, where: {} } },
    columns: ['image', 'name', 'rule', 'threshold', 'grantedCount', 'showState'],
  }) as const satisfies ResourceDef['list']
