import { defineResource } from '../types.ts'

/** What an item gives: a thing (实物 or a virtual good the operator delivers), a coupon, or an avatar frame. */
export const SHOP_ITEM_KINDS = { goods: '实物/虚拟商品', coupon: '优惠券', avatarFrame: '头像框' } as const
export type ShopItemKind = keyof typeof SHOP_ITEM_KINDS

export const SHOP_POINTS_MAX = 10_000_000
export const SHOP_STOCK_MAX = 1_000_000

/**
 * 兑换商品 (/ScoreShopEntrance, decision 0051): what app users buy with points. A coupon item gives one code of its
 * coupon (the coupon's stock and per-user limit hold too), an avatar-frame item grants the frame once; goods are
 * delivered by the operator (发货 on the record). 库存 never below 已兑换 (kept by redemptions); 每人限兑 0 is no limit;
 * 上架/下架 and 排序 decide what the app lists and in which order. Items are never deleted: their records point at
 * them; 下架 takes one off the shelf.
 */
export const shopItem = defineResource({
  name: 'shopItem',
  label: '兑换商品',
  storage: { table: 'shop_item' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '营销-积分商城',
  screens: { list: '/ScoreShopEntrance' },
  fields: {
    name: { kind: 'text', label: '商品名称', required: true, max: 30, search: true },
    cover: { kind: 'image', label: '封面', max: 1000 },
    kind: {
      kind: 'select',
      label: '商品类型',
      required: true,
      options: SHOP_ITEM_KINDS,
      default: 'goods',
      search: true,
    },
    couponId: {
      kind: 'number',
      label: '优惠券',
      required: true,
      min: 1,
      when: { field: 'kind', value: 'coupon' },
      help: '兑换时发放该优惠券一张（受优惠券库存与每人限领约束）',
      ref: { resource: 'coupon' },
    },
    awardId: {
      kind: 'number',
      label: '头像框',
      required: true,
      min: 1,
      when: { field: 'kind', value: 'avatarFrame' },
      help: '兑换时授予该头像框；已拥有的用户不能兑换',
      ref: { resource: 'avatarFrame' },
    },
    reward: { kind: 'text', label: '兑换内容', derived: true },
    points: { kind: 'number', label: '所需积分', required: true, min: 1, max: SHOP_POINTS_MAX },
    stock: {
      kind: 'number',
      label: '库存',
      required: true,
      min: 0,
      max: SHOP_STOCK_MAX,
      atLeast: { field: 'redeemed', message: '库存不能少于已兑换数量（{min}）' },
    },
    redeemed: { kind: 'number', label: '已兑换', readOnly: true },
    perUserLimit: {
      kind: 'number',
      label: '每人限兑',
      min: 0,
      max: 1000,
      default: 0,
      help: '0 表示不限',
    },
    description: { kind: 'textarea', label: '商品说明', max: 500 },
    showState: { kind: 'switch', label: '上架', default: true },
  },
  list: {
    types: { list: { label: '兑换商品', where: {} } },
    columns: ['cover', 'name', 'kind', 'reward', 'points', 'stock', 'redeemed', 'perUserLimit'],
    sort: { field: 'sort', order: 'asc' },
  },
  actions: ['show', 'hide', 'sort'],
  permissions: { create: '编辑', show: '编辑', hide: '编辑', sort: '编辑' },
  showWords: { show: '上架', hide: '下架' },
})
