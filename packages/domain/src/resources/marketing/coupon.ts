import { yuanText } from '../../rules/money.ts'
import { defineResource } from '../types.ts'

/** 优惠券类型. */
export const COUPON_KINDS = { cash: '代金券', discount: '折扣券', exchange: '兑换券' } as const
export type CouponKind = keyof typeof COUPON_KINDS

/** 有效期类型: a fixed window, or N days from receipt. */
export const COUPON_VALID_TYPES = { range: '固定时间段', days: '领取后N天有效' } as const

/** A coupon's state in the list (derived, never stored): 下线 first, then its window, then its stock. */
export const COUPON_STATUSES = {
  offline: '已下线',
  notStarted: '未开始',
  active: '进行中',
  soldOut: '已领完',
  ended: '已结束',
} as const
export type CouponStatus = keyof typeof COUPON_STATUSES

export const COUPON_STOCK_MAX = 1_000_000
export const COUPON_PER_USER_MAX = 100
export const COUPON_DAYS_MAX = 3650
/** 面额 and 使用门槛 at most ¥100,000.00 (in 分). */
export const COUPON_AMOUNT_MAX = 10_000_000

export interface CouponTerms {
  kind: string
  value: number
  discount: number | null
  threshold: number
}

/** What a coupon gives, as the console and the app read it: 满100.00减20.00, 8.5折, 兑换券. */
export function couponBenefit(c: CouponTerms): string {
  const from = c.threshold > 0 ? `满${yuanText(c.threshold)}元` : '无门槛'
  if (c.kind === 'cash') return `${from}减${yuanText(c.value)}元`
  if (c.kind === 'discount') return `${from}${((c.discount ?? 100) / 10).toString()}折`
  return c.threshold > 0 ? `兑换券（${from}可用）` : '兑换券'
}

export interface CouponWindow {
  showState: boolean
  validType: string
  validStart: Date | null
  validEnd: Date | null
  validDays: number | null
  stock: number
  issued: number
}

/** A coupon's status at `now` (the list's 状态). */
export function couponStatus(c: CouponWindow, now: Date): CouponStatus {
  if (!c.showState) return 'offline'
  if (c.validType === 'range' && c.validEnd && c.validEnd <= now) return 'ended'
  if (c.issued >= c.stock) return 'soldOut'
  if (c.validType === 'range' && c.validStart && c.validStart > now) return 'notStarted'
  return 'active'
}

/**
 * The cross-field rules of a coupon (the engine checks each field alone; server modules/coupons/couponRecords.ts runs
 * this after every save): the window's end after its start, a cash coupon's threshold not below its value.
 */
export function couponRuleError(c: CouponTerms & Omit<CouponWindow, 'showState'>): string | undefined {
  if (c.validType === 'range' && !c.validEnd) return '请填写结束时间'
  if (c.validType === 'range' && c.validStart && c.validEnd && c.validEnd <= c.validStart)
    return '结束时间须晚于开始时间'
  if (c.validType === 'days' && !c.validDays) return '请填写领取后有效天数'
  if (c.kind === 'cash' && c.value <= 0) return '请填写面额'
  if (c.kind === 'cash' && c.threshold > 0 && c.threshold < c.value) return '使用门槛不能低于面额'
  if (c.kind === 'discount' && !c.discount) return '请填写折扣'
  return undefined
}

/**
 * 优惠券 (spec §2 /coupons, /couponDetail; §4 上线/下线; decision 0047). A coupon is a batch of `stock` codes of one
 * kind — 代金券 (`value` 分 off), 折扣券 (`discount` 1–99: 85 is 8.5折) or 兑换券 — usable from `threshold` 分 spent (0:
 * 无门槛), valid in a fixed window or N days from receipt. Codes go out by sends (/sendCoupons, couponSend) or when app
 * users claim a `claimable` one; each is written off once (/couponWriteOff or the app). 已发放 / 已核销 are kept by those
 * paths (server modules/coupons), never by the form; 库存 never below 已发放. 下线 stops sends and claims; codes already
 * given out stay usable within their validity.
 */
export const coupon = defineResource({
  name: 'coupon',
  label: '优惠券',
  storage: { table: 'coupon' },
  titleField: 'name',
  permissionPage: '营销-优惠券',
  screens: { list: '/coupons', detail: '/couponDetail' },
  fields: {
    name: { kind: 'text', label: '名称', required: true, max: 30, search: true },
    cover: { kind: 'image', label: '封面', max: 1000 },
    kind: {
      kind: 'select',
      label: '类型',
      options: COUPON_KINDS,
      required: true,
      default: 'cash',
      search: true,
    },
    value: {
      kind: 'number',
      label: '面额',
      cents: true,
      required: true,
      min: 1,
      max: COUPON_AMOUNT_MAX,
      when: { field: 'kind', value: 'cash' },
      help: '单位：元',
    },
    discount: {
      kind: 'number',
      label: '折扣',
      required: true,
      min: 1,
      max: 99,
      when: { field: 'kind', value: 'discount' },
      help: '1–99，如 85 表示 8.5 折',
    },
    threshold: {
      kind: 'number',
      label: '使用门槛',
      cents: true,
      required: true,
      min: 0,
      max: COUPON_AMOUNT_MAX,
      default: 0,
      help: '消费满多少元可用，0 表示无门槛',
    },
    stock: {
      kind: 'number',
      label: '库存',
      required: true,
      min: 1,
      max: COUPON_STOCK_MAX,
      default: 100,
      help: '可发放的总张数',
      atLeast: { field: 'issued', message: '库存不能少于已发放数量（{min}）' },
    },
    issued: { kind: 'number', label: '已发放', readOnly: true },
    usedCount: { kind: 'number', label: '已核销', readOnly: true },
    perUserLimit: {
      kind: 'number',
      label: '每人限领',
      required: true,
      min: 1,
      max: COUPON_PER_USER_MAX,
      default: 1,
      help: '每位用户最多持有的张数（发放与领取合计）',
    },
    validType: {
      kind: 'select',
      label: '有效期类型',
      options: COUPON_VALID_TYPES,
      required: true,
      default: 'range',
    },
    validStart: {
      kind: 'datetime',
      label: '开始时间',
      when: { field: 'validType', value: 'range' },
      help: '不填则领取后即可使用',
    },
    validEnd: {
      kind: 'datetime',
      label: '结束时间',
      required: true,
      when: { field: 'validType', value: 'range' },
    },
    validDays: {
      kind: 'number',
      label: '领取后有效天数',
      required: true,
      min: 1,
      max: COUPON_DAYS_MAX,
      when: { field: 'validType', value: 'days' },
    },
    claimable: {
      kind: 'switch',
      label: '允许用户领取',
      default: false,
      help: '开启后 App 用户可在领券中心自行领取',
    },
    description: { kind: 'textarea', label: '说明', max: 500, help: '使用规则，App 中展示' },
    benefit: { kind: 'text', label: '优惠内容', derived: true },
    validity: { kind: 'text', label: '有效期', derived: true },
    status: { kind: 'select', label: '状态', options: COUPON_STATUSES, derived: true },
  },
  list: {
    types: {
      list: { label: '全部', where: {} },
      online: { label: '已上线', where: { is: { showState: true } } },
      offline: { label: '已下线', where: { is: { showState: false } } },
    },
    columns: [
      'cover',
      'name',
      'kind',
      'benefit',
      'stock',
      'issued',
      'usedCount',
      'perUserLimit',
      'validity',
      'claimable',
      'status',
    ],
  },
  actions: ['show', 'hide'],
  permissions: { show: '上线/下线', hide: '上线/下线' },
  showWords: { show: '上线', hide: '下线' },
})
