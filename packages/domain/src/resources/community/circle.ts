import { defineResource, type SpecAlias, type SpecInput } from '../types.ts'

/** 圈子分类: where the app files a circle. */
export const CIRCLE_CATEGORIES = {
  local: '本地',
  life: '生活',
  interest: '兴趣',
  news: '资讯',
  other: '其他',
} as const

export const CIRCLE_NAME_MAX = 20
export const CIRCLE_INTRO_MAX = 200

/** The rows a spec call names (decision 0042): `ids`, or one `id`. */
export const rowsOf = ({ id, ids, ...rest }: SpecInput): SpecInput => ({
  ...rest,
  ids: ids ?? (id === undefined ? undefined : [id]),
})

/** A spec call's `state` 1 / 0 as the engine's show state (开启 / 关闭, 显示 / 隐藏), over rowsOf. */
export const shownOf = ({ state, ...rest }: SpecInput): SpecInput => ({
  ...rowsOf(rest),
  showState: state === 1 || state === '1' ? true : state === 0 || state === '0' ? false : state,
})

/** Two commands of a type chosen by a spec call's 1 / 0 (`field`): 推荐 / 取消推荐, 置顶 / 取消置顶. */
export const switchPaths = (on: string, off: string, field: string): SpecAlias[] => [
  { engine: on, when: { [field]: 1 }, input: rowsOf },
  { engine: off, when: { [field]: 0 }, input: rowsOf },
]

/**
 * 圈子 (spec §2 /groups, /groupContent; §4 circles on/off; §7 Circles; review /groupAudit, /groupAuditDetail, circles
 * pending type 1; decision 0042). Operators make a circle, submit it for review and, once approved, open it (开启)
 * for the app; app users join it and post in it (its posts: the post definition, `circleId`). 推荐 circles lead the
 * app's list in the order 排序 gives. `postReview` (发帖需审核) holds every new post for /postAudit; without it only
 * posts with sensitive words wait. 成员数 is kept by joins and leaves; 帖子数 counts the posts the app shows.
 */
export const circle = defineResource({
  name: 'circle',
  label: '圈子',
  storage: { table: 'circle' },
  titleField: 'name',
  permissionPage: '社区-圈子',
  // A circle's own screen is its content (/groupContent?id=), where its details are edited too.
  screens: { list: '/groups', detail: '/groupContent' },
  fields: {
    name: {
      kind: 'text',
      label: '圈子名称',
      required: true,
      max: CIRCLE_NAME_MAX,
      search: true,
      unique: { message: '圈子名称已存在' },
    },
    icon: { kind: 'image', label: '圈子图标', required: true, max: 1000 },
    cover: { kind: 'image', label: '封面图', max: 1000 },
    intro: { kind: 'textarea', label: '圈子简介', max: CIRCLE_INTRO_MAX },
    category: { kind: 'select', label: '分类', options: CIRCLE_CATEGORIES, search: true },
    postReview: {
      kind: 'switch',
      label: '发帖需审核',
      default: true,
      help: '开启后圈内新帖审核通过才展示；关闭时仅命中敏感词的帖子需审核',
    },
    recommend: { kind: 'switch', label: '推荐', readOnly: true },
    memberCount: { kind: 'number', label: '成员数', readOnly: true },
    posts: { kind: 'number', label: '帖子数', derived: true },
  },
  list: {
    types: {
      list: { label: '全部圈子', where: {} },
      recommend: { label: '推荐圈子', where: { is: { recommend: true } } },
    },
    columns: ['icon', 'name', 'category', 'postReview', 'recommend', 'memberCount', 'posts'],
  },
  actions: ['show', 'hide', 'sort', 'submit', 'revoke', 'withdraw'],
  permissions: { show: '上线/下线', hide: '上线/下线' },
  showWords: { show: '开启', hide: '关闭' },
  review: { queue: '/groupAudit', permissionPage: '圈子审核', resType: 'circle' },
  commands: {
    recommend: { label: '推荐', action: '推荐', rows: 'many', confirm: '确定推荐选中的 {n} 个圈子吗？' },
    unrecommend: {
      label: '取消推荐',
      action: '推荐',
      rows: 'many',
      confirm: '确定取消推荐选中的 {n} 个圈子吗？',
    },
  },
  // Spec §7 Circles; list, detail, modify and delete are the engine's own paths (/api/circle/…).
  specPaths: {
    'POST /api/circle/create': 'POST /api/circle/add',
    'POST /api/circle/status': { engine: 'POST /api/circle/showState', input: shownOf },
    'POST /api/circle/stateBatch': { engine: 'POST /api/circle/showState', input: shownOf },
    'POST /api/circle/deleteBatch': { engine: 'POST /api/circle/delete', input: rowsOf },
    'POST /api/circle/recommendStatus': switchPaths(
      'POST /api/circle/recommend',
      'POST /api/circle/unrecommend',
      'recommend',
    ),
    'POST /api/circle/recommendSort': { engine: 'POST /api/circle/sort', input: rowsOf },
    'POST /api/circle/examine': { engine: 'POST /api/circle/examination', input: rowsOf },
    'POST /api/circle/examineBatch': { engine: 'POST /api/circle/examination', input: rowsOf },
  },
})
