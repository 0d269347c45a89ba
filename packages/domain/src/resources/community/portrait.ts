import { PORTRAIT_DAYS_MAX, PORTRAIT_REGIONS_MAX, PORTRAIT_TAGS_MAX } from '../../rules/portrait.ts'
import { defineResource } from '../types.ts'
import { LEVEL_MAX } from './userLevel.ts'

/**
 * 用户画像 (spec §2 /portraits, /portraitDetail): an audience segment over app users (rules/portrait.ts): user tags,
 * a level range, regions, recent activity, recent sign-up. Lists and details show how many users match now (匹配用户数,
 * computed per row); the form shows the count of its unsaved rules as they change (POST /api/portrait/preview).
 * Pushes, coupons and pop-ups target portraits later, through the same condition (server portraitWhere).
 */
export const portrait = defineResource({
  name: 'portrait',
  label: '用户画像',
  storage: { table: 'portrait' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '用户画像',
  screens: { list: '/portraits', detail: '/portraitDetail' },
  fields: {
    name: {
      kind: 'text',
      label: '画像名称',
      required: true,
      max: 30,
      search: true,
      unique: { message: '画像名称已存在' },
    },
    description: { kind: 'textarea', label: '描述', max: 200 },
    tags: {
      kind: 'tags',
      label: '用户标签',
      max: PORTRAIT_TAGS_MAX,
      ref: { resource: 'userTag' },
      help: '带有任一所选标签的用户',
    },
    levelMin: { kind: 'number', label: '最低等级', min: 1, max: LEVEL_MAX, help: '不填则不限' },
    levelMax: { kind: 'number', label: '最高等级', min: 1, max: LEVEL_MAX, help: '不填则不限' },
    regions: {
      kind: 'text',
      label: '地区',
      max: PORTRAIT_REGIONS_MAX,
      help: '多个地区用逗号分隔，用户地区包含其中任一即可，如 杭州,宁波；不填则不限',
    },
    activeDays: {
      kind: 'number',
      label: '近N天活跃',
      min: 1,
      max: PORTRAIT_DAYS_MAX,
      help: '最近这么多天内用过 App 的用户；不填则不限',
    },
    registeredDays: {
      kind: 'number',
      label: '近N天注册',
      min: 1,
      max: PORTRAIT_DAYS_MAX,
      help: '最近这么多天内注册的用户；不填则不限',
    },
    matchCount: { kind: 'number', label: '匹配用户数', derived: true },
  },
  list: {
    types: { list: { label: '用户画像', where: {} } },
    columns: ['name', 'description', 'matchCount'],
  },
  actions: [],
})
