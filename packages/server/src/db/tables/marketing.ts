import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { admin } from '../schema.ts'
import {
  listField,
  numberField,
  optionField,
  record,
  recordIndexes,
  scoped,
  showable,
  sortable,
  switchField,
  textField,
  timeField,
} from '../traits.ts'
import { appUser, portrait } from './community.ts'

/**
 * The Marketing area's tables (spec §2 Marketing and tasks: /redPacket, /coupons, /sendCoupons, /couponWriteOff,
 * /ScoreShopEntrance; decisions 0047 coupons, 0048 red packets, 0051 points shop). Money is integer 分 (rules/money.ts). Every movement of money or points is a row
 * of an append-only ledger written in the same transaction as the balance it changes, and each ledger's CHECK keeps
 * the balance from going below zero, so a balance always equals the sum of its user's rows.
 */

/** 积分流水: every change of an app user's points; `balance` is app_user.points after it. */
export const pointLog = pgTable(
  'point_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balance: integer('balance').notNull(),
    /** task, signin, streak, shop, grant (an operator's), … */
    source: text('source').notNull(),
    refId: integer('ref_id'),
    remark: textField('remark'),
    createdAt: timeField('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('point_log_user').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('point_log_balance', sql`${t.balance} >= 0`),
  ],
)

/**
 * 红包规则 (/redPacket invite, register): the reward of an inviter when an invited user signs up, or of a new user,
 * paid from `budget` while `spent` stays within it (CHECK), in a window, while 启用.
 */
export const redPacketRule = pgTable(
  'red_packet_rule',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    kind: optionField('kind').notNull(),
    name: textField('name'),
    amount: numberField('amount').notNull().default(0),
    budget: numberField('budget').notNull().default(0),
    spent: numberField('spent').notNull().default(0),
    startAt: timeField('start_at'),
    endAt: timeField('end_at'),
    remark: textField('remark'),
  },
  (t) => [
    ...recordIndexes('red_packet_rule', t),
    index('red_packet_rule_kind').on(t.kind, t.id),
    check('red_packet_rule_budget', sql`${t.amount} > 0 and ${t.spent} between 0 and ${t.budget}`),
  ],
)

/** 发放范围 (/redPacket scope): who may receive red packets — a portrait's users or a region; none shown: everyone. */
export const redPacketScope = pgTable(
  'red_packet_scope',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    name: textField('name'),
    portraitId: integer('portrait_id').references(() => portrait.id, { onDelete: 'set null' }),
    region: textField('region'),
    remark: textField('remark'),
  },
  (t) => recordIndexes('red_packet_scope', t),
)

/** An app user's red-packet balance (分), the sum of its ledger rows. */
export const redPacketWallet = pgTable(
  'red_packet_wallet',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timeField('updated_at').notNull().defaultNow(),
  },
  (t) => [check('red_packet_wallet_balance', sql`${t.balance} >= 0`)],
)

/**
 * 红包流水: append-only. kind invite (`invitee_id`: whose sign-up earned it), register (`invitee_id`: the user),
 * withdraw (a request holds the amount), refund (a refused request gives it back). The partial unique indexes make
 * each reward and each refund happen once.
 */
export const redPacketLedger = pgTable(
  'red_packet_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balance: integer('balance').notNull(),
    kind: text('kind').notNull(),
    ruleId: integer('rule_id').references(() => redPacketRule.id, { onDelete: 'set null' }),
    withdrawalId: integer('withdrawal_id'),
    inviteeId: integer('invitee_id'),
    remark: textField('remark'),
    createdAt: timeField('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('red_packet_ledger_user').on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('red_packet_ledger_reward')
      .on(t.kind, t.inviteeId)
      .where(sql`${t.kind} in ('invite', 'register')`),
    uniqueIndex('red_packet_ledger_withdrawal')
      .on(t.kind, t.withdrawalId)
      .where(sql`${t.kind} in ('withdraw', 'refund')`),
    check('red_packet_ledger_balance', sql`${t.balance} >= 0`),
  ],
)

/** 提现记录 (/redPacket withdraw): an app user's request; the amount is held at once, given back when refused. */
export const redPacketWithdrawal = pgTable(
  'red_packet_withdrawal',
  {
    ...record(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    amount: numberField('amount').notNull(),
    account: textField('account'),
    realName: textField('real_name'),
    /** pending, approved, rejected */
    state: optionField('state').notNull().default('pending'),
    reason: textField('reason'),
    reviewedBy: integer('reviewed_by').references(() => admin.id, { onDelete: 'set null' }),
    reviewedAt: timeField('reviewed_at'),
    /** The payout adapter's answer at 通过: the provider's payout number and when it paid (decision 0048). */
    payoutNo: textField('payout_no'),
    paidAt: timeField('paid_at'),
  },
  (t) => [
    ...recordIndexes('red_packet_withdrawal', t),
    index('red_packet_withdrawal_state').on(t.state, t.createdAt.desc(), t.id.desc()),
    index('red_packet_withdrawal_user').on(t.userId, t.createdAt.desc()),
    check('red_packet_withdrawal_amount', sql`${t.amount} > 0`),
  ],
)

/**
 * 优惠券 (/coupons, /couponDetail): kind cash (`value` 分 off, from `threshold` 分 spent), discount (`discount` 1–99:
 * 85 is 8.5折) or exchange (a thing); `stock` codes in all, `issued` given out (CHECK: never above the stock),
 * `used_count` written off; valid in [valid_start, valid_end] or `valid_days` from receipt; 上线/下线 (show_state).
 * `claimable`: app users may take it themselves.
 */
export const coupon = pgTable(
  'coupon',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    name: textField('name'),
    cover: textField('cover'),
    kind: optionField('kind').notNull().default('cash'),
    value: numberField('value').notNull().default(0),
    discount: numberField('discount'),
    threshold: numberField('threshold').notNull().default(0),
    stock: numberField('stock').notNull().default(0),
    issued: numberField('issued').notNull().default(0),
    usedCount: numberField('used_count').notNull().default(0),
    perUserLimit: numberField('per_user_limit').notNull().default(1),
    validType: optionField('valid_type').notNull().default('range'),
    validStart: timeField('valid_start'),
    validEnd: timeField('valid_end'),
    validDays: numberField('valid_days'),
    claimable: switchField('claimable'),
    description: textField('description'),
  },
  (t) => [
    ...recordIndexes('coupon', t),
    check(
      'coupon_stock',
      sql`${t.issued} between 0 and ${t.stock} and ${t.usedCount} between 0 and ${t.issued}`,
    ),
  ],
)

/** 发放记录 (/sendCoupons): one send of a coupon to chosen users, a portrait or an imported list. */
export const couponSend = pgTable(
  'coupon_send',
  {
    ...record(),
    ...scoped(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupon.id, { onDelete: 'cascade' }),
    /** users, portrait, import */
    target: optionField('target').notNull(),
    portraitId: integer('portrait_id').references(() => portrait.id, { onDelete: 'set null' }),
    userIds: listField('user_ids'),
    sentCount: numberField('sent_count').notNull().default(0),
    skippedCount: numberField('skipped_count').notNull().default(0),
    remark: textField('remark'),
  },
  (t) => [...recordIndexes('coupon_send', t), index('coupon_send_coupon').on(t.couponId, t.createdAt.desc())],
)

/** A coupon a user holds: its code (unique), how it came (`send_id`, none when claimed), its window and use. */
export const userCoupon = pgTable(
  'user_coupon',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupon.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    sendId: integer('send_id').references(() => couponSend.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    /** unused, used */
    state: text('state').notNull().default('unused'),
    validStart: timeField('valid_start'),
    validEnd: timeField('valid_end'),
    receivedAt: timeField('received_at').notNull().defaultNow(),
    usedAt: timeField('used_at'),
  },
  (t) => [
    uniqueIndex('user_coupon_code').on(t.code),
    index('user_coupon_user').on(t.userId, t.receivedAt.desc()),
    index('user_coupon_coupon').on(t.couponId, t.userId),
    index('user_coupon_send').on(t.sendId),
  ],
)

/** 核销记录: one row per code used (unique), by the app (channel app) or at the counter (console, `admin_id`). */
export const couponWriteOff = pgTable(
  'coupon_write_off',
  {
    id: serial('id').primaryKey(),
    userCouponId: integer('user_coupon_id')
      .notNull()
      .references(() => userCoupon.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupon.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    channel: text('channel').notNull(),
    adminId: integer('admin_id').references(() => admin.id, { onDelete: 'set null' }),
    remark: textField('remark'),
    createdAt: timeField('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_write_off_once').on(t.userCouponId),
    index('coupon_write_off_time').on(t.createdAt.desc(), t.id.desc()),
    index('coupon_write_off_coupon').on(t.couponId, t.createdAt.desc()),
  ],
)

/**
 * 积分商城商品 (/ScoreShopEntrance): what points buy — a thing (goods), a coupon (`coupon_id`) or an avatar frame /
 * medal (`award_id`); `redeemed` never above `stock` (CHECK); `per_user_limit` 0 is no limit.
 */
export const shopItem = pgTable(
  'shop_item',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    ...sortable(),
    name: textField('name'),
    cover: textField('cover'),
    description: textField('description'),
    kind: optionField('kind').notNull().default('goods'),
    couponId: integer('coupon_id').references(() => coupon.id, { onDelete: 'set null' }),
    awardId: integer('award_id'),
    points: numberField('points').notNull().default(0),
    stock: numberField('stock').notNull().default(0),
    redeemed: numberField('redeemed').notNull().default(0),
    perUserLimit: numberField('per_user_limit').notNull().default(0),
  },
  (t) => [
    ...recordIndexes('shop_item', t),
    check('shop_item_stock', sql`${t.redeemed} between 0 and ${t.stock} and ${t.points} >= 0`),
  ],
)

/** 兑换记录: an app user's purchase with points (the point_log row has source shop, ref_id this row). */
export const shopOrder = pgTable(
  'shop_order',
  {
    ...record(),
    itemId: integer('item_id')
      .notNull()
      .references(() => shopItem.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    points: numberField('points').notNull(),
    /** done, shipped */
    state: optionField('state').notNull().default('done'),
    userCouponId: integer('user_coupon_id'),
    remark: textField('remark'),
  },
  (t) => [
    ...recordIndexes('shop_order', t),
    index('shop_order_item').on(t.itemId, t.userId),
    index('shop_order_user').on(t.userId, t.createdAt.desc()),
  ],
)
