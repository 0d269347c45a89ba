import { z } from 'zod'
import { pageSchema } from '../transport/envelope.ts'
import { idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * 积分商城 (spec §2 /ScoreShopEntrance, §7 GET /create-platform/shop; decision 0051): the entrance the app shows, the
 * app-facing shop (items, redemption, my orders, my points) and their messages, shared by server and web.
 */

export const shopMessages = {
  saved: '保存成功',
  nameRequired: '请输入入口名称',
  nameTooLong: (n: number) => `入口名称不能超过 ${n} 个字`,
  linkRequired: '显示入口时请填写跳转链接',
  linkInvalid: '跳转链接须为 http:// 或 https:// 开头的网址，或以 / 开头的 App 内页面路径',
  iconInvalid: '入口图标须为图片地址',
  itemNotFound: '商品不存在',
  itemOff: '商品已下架',
  soldOut: '商品已兑完',
  limitReached: (n: number) => `每人限兑 ${n} 件，您已达到兑换上限`,
  frameHeld: '您已拥有该头像框，无需重复兑换',
  couponMissing: '优惠券不存在',
  couponRequired: '请选择兑换的优惠券',
  couponLimit: (name: string) => `优惠券「${name}」已达到每人限领数量，不能兑换`,
  frameMissing: '头像框不存在',
  frameRequired: '请选择兑换的头像框',
  redeemed: '兑换成功',
  shipped: '已发货',
  notGoods: '优惠券与头像框兑换后即时到账，无需发货',
  shippedAlready: '该兑换记录已发货',
  userMissing: '用户不存在',
  adjusted: (delta: number, balance: number) =>
    `已${delta > 0 ? '增加' : '扣减'} ${Math.abs(delta)} 积分，当前积分 ${balance}`,
} as const

export const SHOP_ENTRANCE_NAME_MAX = 10
export const SHOP_LINK_MAX = 500
export const SHOP_REMARK_MAX = 200

/** The shop's address: an external mall (http/https) or a page of the app's own (a path such as /shop). */
export const isShopLink = (v: string) => /^https?:\/\/[^\s/]+\S*$/i.test(v) || /^\/[^\s]*$/.test(v)

/**
 * 积分商城入口 (the `shop.entrance` setting): whether the app shows the entrance, its name, icon and where it leads.
 * A shown entrance needs its link.
 */
export const shopEntranceSchema = z
  .object({
    show: z.boolean(),
    name: z
      .string()
      .trim()
      .min(1, shopMessages.nameRequired)
      .max(SHOP_ENTRANCE_NAME_MAX, shopMessages.nameTooLong(SHOP_ENTRANCE_NAME_MAX)),
    icon: z
      .string()
      .trim()
      .max(1000, shopMessages.iconInvalid)
      .refine((v) => v === '' || /^(https?:\/\/|\/)\S+$/i.test(v), shopMessages.iconInvalid),
    link: z
      .string()
      .trim()
      .max(SHOP_LINK_MAX, shopMessages.linkInvalid)
      .refine((v) => v === '' || isShopLink(v), shopMessages.linkInvalid),
  })
  .strict()
  .refine((e) => !e.show || e.link !== '', { message: shopMessages.linkRequired, path: ['link'] })
export type ShopEntrance = z.infer<typeof shopEntranceSchema>

export const defaultShopEntrance: ShopEntrance = { show: false, name: '积分商城', icon: '', link: '' }

/** GET /api/create-platform/shop: the entrance as saved, with who saved it last. */
export const shopEntranceDocSchema = z.object({
  show: z.boolean(),
  name: z.string(),
  icon: z.string(),
  link: z.string(),
})

/* ---- App-facing ---- */

/** An item as the app lists it: what it costs, what is left, and how many the caller has redeemed. */
export const openShopItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  description: z.string(),
  kind: z.string(),
  points: z.number().int(),
  stock: z.number().int(),
  redeemed: z.number().int(),
  left: z.number().int(),
  perUserLimit: z.number().int(),
  mine: z.number().int(),
})
export const openShopSchema = z.object({
  /** The entrance when the console shows it, else null (the app hides it). */
  entrance: z.object({ name: z.string(), icon: z.string(), link: z.string() }).nullable(),
  /** The caller's points. */
  points: z.number().int(),
  items: z.array(openShopItemSchema),
})

export const openRedeemBodySchema = z.object({
  itemId: idSchema,
  /** 收货信息 or a note for the operator (goods). */
  remark: z.string().trim().max(SHOP_REMARK_MAX, `备注不能超过 ${SHOP_REMARK_MAX} 个字`).optional(),
})
export const openRedeemSchema = z.object({
  orderId: z.number().int(),
  points: z.number().int(),
  balance: z.number().int(),
  state: z.string(),
  /** The coupon's code, for a coupon item. */
  couponCode: z.string().nullable(),
})

export const openShopPageQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
})
export const openShopOrderSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  cover: z.string(),
  kind: z.string(),
  points: z.number().int(),
  state: z.string(),
  remark: z.string(),
  couponCode: z.string().nullable(),
  createdAt: z.string(),
})
export const openShopOrdersSchema = pageSchema(openShopOrderSchema)

export const openPointLogSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance: z.number().int(),
  source: z.string(),
  sourceLabel: z.string(),
  remark: z.string(),
  createdAt: z.string(),
})
export const openPointsSchema = z.object({
  points: z.number().int(),
  items: z.array(openPointLogSchema),
  total: z.number().int(),
})
