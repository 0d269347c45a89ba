import { defineResource } from '../types.ts'

/** 发放对象: chosen app users, a portrait's users, or an imported list of phones / user ids. */
export const COUPON_SEND_TARGETS = { users: '指定用户', portrait: '用户画像', import: '导入名单' } as const
export type CouponSendTarget = keyof typeof COUPON_SEND_TARGETS

/**
 * 优惠券发放记录 (spec §2 /sendCoupons; §6 导出 of coupon sends; decision 0047): one send of a coupon to chosen app users,
 * a portrait's users or an imported list — made by 发放 (POST /api/couponSend/send, server modules/coupons), which
 * gives the codes and writes this row in one transaction; the rows are read-only. A send's codes, holders and their
 * use are listed by GET /api/couponSend/records and exported by POST /api/couponSend/records/export (导出).
 */
export const couponSend = defineResource({
  name: 'couponSend',
  label: '优惠券发放记录',
  storage: { table: 'coupon_send' },
  titleField: 'remark',
  permissionPage: '营销-优惠券发放',
  screens: { list: '/sendCoupons' },
  fields: {
    couponId: {
      kind: 'number',
      label: '优惠券',
      ref: { resource: 'coupon' },
      readOnly: true,
      search: true,
    },
    target: {
      kind: 'select',
      label: '发放对象',
      options: COUPON_SEND_TARGETS,
      readOnly: true,
      search: true,
    },
    portraitId: { kind: 'number', label: '用户画像', ref: { resource: 'portrait' }, readOnly: true },
    userIds: { kind: 'tags', label: '指定用户', readOnly: true, list: false, detail: false },
    sentCount: { kind: 'number', label: '发放数', readOnly: true },
    skippedCount: { kind: 'number', label: '跳过数', readOnly: true },
    remark: { kind: 'text', label: '备注', readOnly: true, max: 100 },
  },
  list: {
    types: { list: { label: '发放记录', where: {} } },
    columns: ['couponId', 'target', 'portraitId', 'sentCount', 'skippedCount', 'remark'],
  },
  actions: [],
})
