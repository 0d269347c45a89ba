import { defineResource } from '../types.ts'

/** A level as spec §7 GET /user/level/get answers it. */
export interface UserLevel {
  id: number
  level: number
  name: string
  minPoints: number
  icon: string
}
const levelOf = (r: UserLevel): UserLevel => ({
  id: r.id,
  level: r.level,
  name: r.name,
  minPoints: r.minPoints,
  icon: r.icon,
})

export const LEVEL_MAX = 100
/** The level table's rule across rows: a higher level needs more points (server modules/community/levels.ts). */
export const LEVEL_ORDER_MESSAGE = '等级越高，所需积分应越多'

/**
 * 用户等级 (spec §2 /userLevel; §7 GET /user/level/get, POST /user/level/update): level N from `minPoints` on. Every
 * user's `level` follows their points through this table, recomputed in the transaction of any change to it; a user
 * with fewer points than every level's is at the lowest level. One table for the platform (no data scope).
 */
export const userLevel = defineResource({
  name: 'userLevel',
  label: '用户等级',
  storage: { table: 'user_level' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '用户等级',
  screens: { list: '/userLevel' },
  fields: {
    level: {
      kind: 'number',
      label: '等级',
      required: true,
      min: 1,
      max: LEVEL_MAX,
      unique: { message: '该等级已存在' },
      help: `1–${LEVEL_MAX}，如 1 表示 Lv1`,
    },
    name: { kind: 'text', label: '等级名称', required: true, max: 20, search: true },
    minPoints: {
      kind: 'number',
      label: '所需积分',
      required: true,
      unique: { message: '已有等级使用该积分' },
      help: '积分达到此值即升到该等级',
    },
    icon: { kind: 'image', label: '等级图标', max: 1000 },
  },
  list: {
    types: { list: { label: '用户等级', where: {} } },
    columns: ['level', 'name', 'minPoints', 'icon'],
    sort: { field: 'level', order: 'asc' },
  },
  actions: [],
  specPaths: {
    'GET /api/user/level/get': {
      engine: 'GET /api/userLevel/list',
      fill: { page: 1, pageSize: LEVEL_MAX },
      answer: (d: { items: UserLevel[] }) => d.items.map(levelOf).sort((a, b) => a.level - b.level),
    },
    'POST /api/user/level/update': {
      engine: 'POST /api/userLevel/modify',
      patch: true,
      msg: '保存成功',
    },
  },
})
