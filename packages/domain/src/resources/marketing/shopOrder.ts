import { defineResource } from '../types.ts'
import { SHOP_ITEM_KINDS } from './shopItem.ts'

/** A record's state: 已完成 when redeemed (a coupon or frame is the user's at once), 已发货 once goods are sent. */
export const SHOP_ORDER_STATES = { done: '已完成', shipped: '已发货' } as const
/** Whether a record waits for the operator: goods 待发货 until 发货; coupons and frames 无需发货. */
export const SHOP_DELIVERY = { none: '无需发货', pending: '待发货', shipped: '已发货' } as const

export const SHOP_EXPRESS_MAX = 100
export const POINTS_ADJUST_MAX = 1_000_000

/**
 * 兑换记录 (/ScoreShopEntrance, decision 0051): what app users redeemed, made by the app-facing redemption only (read
 * here). 发货 marks goods sent (with the carrier and number in 备注); 导出 the list. 积分调整 gives or takes an app
 * user's points with a reason (the points ledger, source 运营发放) — the operator's correction and goodwill tool.
 */
export const shopOrder = defineResource({
  name: 'shopOrder',
  label: '兑换记录',
  storage: { table: 'shop_order' },
  scope: 'none',
  titleField: 'id',
  permissionPage: '营销-积分商城',
  screens: { list: '/ScoreShopEntrance' },
  fields: {
    userId: { kind: 'number', label: '用户', readOnly: true, search: true, ref: { resource: 'appUser' } },
    itemId: { kind: 'number', label: '商品', readOnly: true, search: true, ref: { resource: 'shopItem' } },
    itemKind: { kind: 'select', label: '商品类型', options: SHOP_ITEM_KINDS, derived: true },
    points: { kind: 'number', label: '消耗积分', readOnly: true },
    state: { kind: 'select', label: '状态', options: SHOP_ORDER_STATES, readOnly: true, search: true },
    delivery: { kind: 'select', label: '发货状态', options: SHOP_DELIVERY, derived: true },
    remark: { kind: 'textarea', label: '备注', readOnly: true },
  },
  list: {
    types: { list: { label: '兑换记录', where: {} } },
    columns: ['userId', 'itemId', 'itemKind', 'points', 'state', 'delivery', 'remark'],
  },
  actions: ['export'],
  permissions: { export: '查看' },
  commands: {
    ship: {
      label: '发货',
      action: '编辑',
      rows: 'one',
      when: { field: 'delivery', values: ['pending'] },
      input: {
        express: {
          kind: 'text',
          label: '物流信息',
          max: SHOP_EXPRESS_MAX,
          help: '选填，如 顺丰 SF1234567890；记入备注',
        },
      },
    },
    adjustPoints: {
      label: '积分调整',
      action: '编辑',
      rows: 'none',
      input: {
        userId: { kind: 'number', label: '用户', required: true, ref: { resource: 'appUser' } },
        delta: {
          kind: 'number',
          label: '调整积分',
          required: true,
          min: -POINTS_ADJUST_MAX,
          max: POINTS_ADJUST_MAX,
          help: '正数为增加，负数为扣减；扣减后不能低于 0',
        },
        reason: { kind: 'text', label: '调整原因', required: true, max: 100 },
      },
    },
  },
})
