import type { PassThrough } from 'node:stream'
import {
  type CouponWriteOffRow,
  USER_COUPON_STATES,
  type UserCouponRow,
  userCouponState,
  WRITE_OFF_CHANNELS,
} from '@moc/domain/api/coupons'
import { recordResources } from '@moc/domain/resources/index'
import { couponBenefit } from '@moc/domain/resources/marketing/coupon'
import { chinaTime } from '@moc/domain/rules/chinaTime'
import { and, asc, desc, eq, gt, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { admin } from '../../db/schema.ts'
import { appUser } from '../../db/tables/community.ts'
import { coupon, couponWriteOff, userCoupon } from '../../db/tables/marketing.ts'
import { recordInScope, recordTableOf } from '../../engine/records/recordTable.ts'
import type { DataScope } from '../../platform/dataScope.ts'
import { containsPattern } from '../../platform/paging.ts'

/** The record tables of the two definitions, for their data scope (recordInScope). */
export const couponTable = () => recordTableOf(recordResources.get('coupon') as never)
export const couponSendTable = () => recordTableOf(recordResources.get('couponSend') as never)

/** A coupon in the caller's data scope (the coupon definition's: its creator or department). */
export const couponInScope = (scope: DataScope): SQL | undefined => recordInScope(couponTable(), scope)

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** A held code with its coupon and holder, as the console reads it (user_coupon ⋈ coupon ⋈ app_user). */
export const userCouponColumns = {
  id: userCoupon.id,
  code: userCoupon.code,
  state: userCoupon.state,
  validStart: userCoupon.validStart,
  validEnd: userCoupon.validEnd,
  receivedAt: userCoupon.receivedAt,
  usedAt: userCoupon.usedAt,
  couponId: coupon.id,
  couponName: coupon.name,
  couponShown: coupon.showState,
  description: coupon.description,
  kind: coupon.kind,
  value: coupon.value,
  discount: coupon.discount,
  threshold: coupon.threshold,
  userId: appUser.id,
  nickname: appUser.nickname,
  phone: appUser.phone,
}
type UserCouponSelect = {
  [K in keyof typeof userCouponColumns]: (typeof userCouponColumns)[K]['_']['data'] | null
}

export const userCouponItem = (r: UserCouponSelect, now = new Date()): UserCouponRow => ({
  id: r.id!,
  code: r.code ?? '',
  couponId: r.couponId!,
  couponName: r.couponName ?? '',
  benefit: couponBenefit({
    kind: r.kind ?? 'cash',
    value: r.value ?? 0,
    discount: r.discount ?? null,
    threshold: r.threshold ?? 0,
  }),
  userId: r.userId!,
  nickname: r.nickname ?? '',
  phone: r.phone ?? '',
  state: userCouponState({ state: r.state ?? 'unused', validEnd: r.validEnd ?? null }, now),
  validStart: iso(r.validStart ?? null),
  validEnd: iso(r.validEnd ?? null),
  receivedAt: r.receivedAt!.toISOString(),
  usedAt: iso(r.usedAt ?? null),
})

/** Held codes matching `where`, oldest first (a send's records). */
export const selectUserCoupons = (db: Db, where: SQL | undefined) =>
  db
    .select(userCouponColumns)
    .from(userCoupon)
    .innerJoin(coupon, eq(coupon.id, userCoupon.couponId))
    .innerJoin(appUser, eq(appUser.id, userCoupon.userId))
    .where(where)

/** Rows of an export, read in batches by id so a send of any size streams. */
const EXPORT_BATCH = 500

/**
 * A send's codes as a workbook (the 导出 of /sendCoupons): 用户ID, 昵称, 手机号 (whole, as the user list's export has
 * it: the right to export is the right to read), 券码, 状态, 领取时间, 核销时间 — Beijing time.
 */
export async function writeSendRecordsXlsx(db: Db, sendId: number, out: PassThrough) {
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = '融媒体运营后台'
  const ws = wb.addWorksheet('发放记录', { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = [
    { header: '用户ID', key: 'userId', width: 10 },
    { header: '昵称', key: 'nickname', width: 16 },
    { header: '手机号', key: 'phone', width: 14 },
    { header: '优惠券', key: 'couponName', width: 20 },
    { header: '券码', key: 'code', width: 16 },
    { header: '状态', key: 'state', width: 8 },
    { header: '领取时间', key: 'receivedAt', width: 20 },
    { header: '核销时间', key: 'usedAt', width: 20 },
  ]
  ws.getRow(1).font = { bold: true }
  ws.getRow(1).commit()
  const now = new Date()
  for (let last = 0; ; ) {
    const rows = await selectUserCoupons(db, and(eq(userCoupon.sendId, sendId), gt(userCoupon.id, last)))
      .orderBy(asc(userCoupon.id))
      .limit(EXPORT_BATCH)
    for (const r of rows) {
      const item = userCouponItem(r, now)
      ws.addRow({
        userId: item.userId,
        nickname: item.nickname,
        phone: item.phone,
        couponName: item.couponName,
        code: item.code,
        state: USER_COUPON_STATES[item.state],
        receivedAt: chinaTime(item.receivedAt),
        usedAt: chinaTime(item.usedAt),
      }).commit()
    }
    if (rows.length < EXPORT_BATCH) break
    last = rows.at(-1)!.id
  }
  ws.commit()
  await wb.commit()
}

export interface WriteOffFilter {
  keyword?: string
  channel?: string
  couponId?: number
  startTime?: string
  endTime?: string
}

/** The write-off log's condition: the caller's coupons, and the search (code, coupon, nickname or phone; channel; time). */
export function writeOffWhere(scope: DataScope, q: WriteOffFilter): SQL | undefined {
  const like = q.keyword ? containsPattern(q.keyword) : undefined
  return and(
    couponInScope(scope),
    like
      ? or(
          ilike(couponWriteOff.code, like),
          ilike(coupon.name, like),
          ilike(appUser.nickname, like),
          ilike(appUser.phone, like),
        )
      : undefined,
    q.channel ? eq(couponWriteOff.channel, q.channel) : undefined,
    q.couponId ? eq(couponWriteOff.couponId, q.couponId) : undefined,
    q.startTime ? gte(couponWriteOff.createdAt, new Date(q.startTime)) : undefined,
    q.endTime ? lte(couponWriteOff.createdAt, new Date(q.endTime)) : undefined,
  )
}

const writeOffColumns = {
  id: couponWriteOff.id,
  code: couponWriteOff.code,
  couponId: couponWriteOff.couponId,
  couponName: coupon.name,
  userId: couponWriteOff.userId,
  nickname: appUser.nickname,
  channel: couponWriteOff.channel,
  operator: admin.username,
  remark: couponWriteOff.remark,
  createdAt: couponWriteOff.createdAt,
}

/** Write-off rows with their coupon, holder and operator, newest first. */
export const selectWriteOffs = (db: Db, where: SQL | undefined) =>
  db
    .select(writeOffColumns)
    .from(couponWriteOff)
    .innerJoin(coupon, eq(coupon.id, couponWriteOff.couponId))
    .leftJoin(appUser, eq(appUser.id, couponWriteOff.userId))
    .leftJoin(admin, eq(admin.id, couponWriteOff.adminId))
    .where(where)

export const writeOffItem = (r: {
  id: number
  code: string
  couponId: number
  couponName: string
  userId: number
  nickname: string | null
  channel: string
  operator: string | null
  remark: string
  createdAt: Date
}): CouponWriteOffRow => ({
  ...r,
  nickname: r.nickname ?? '',
  channel: r.channel === 'app' ? 'app' : 'console',
  operator: r.operator ?? (r.channel === 'app' ? '用户本人' : ''),
  createdAt: r.createdAt.toISOString(),
})

/** The write-off log as a workbook (导出 of /couponWriteOff), newest first, in batches. */
export async function writeWriteOffsXlsx(db: Db, where: SQL | undefined, out: PassThrough) {
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = '融媒体运营后台'
  const ws = wb.addWorksheet('核销记录', { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = [
    { header: '核销时间', key: 'createdAt', width: 20 },
    { header: '券码', key: 'code', width: 16 },
    { header: '优惠券', key: 'couponName', width: 20 },
    { header: '用户ID', key: 'userId', width: 10 },
    { header: '用户', key: 'nickname', width: 16 },
    { header: '核销渠道', key: 'channel', width: 10 },
    { header: '操作人', key: 'operator', width: 14 },
    { header: '备注', key: 'remark', width: 24 },
  ]
  ws.getRow(1).font = { bold: true }
  ws.getRow(1).commit()
  for (let before: number | undefined; ; ) {
    const rows = await selectWriteOffs(
      db,
      and(where, before === undefined ? undefined : lt(couponWriteOff.id, before)),
    )
      .orderBy(desc(couponWriteOff.id))
      .limit(EXPORT_BATCH)
    for (const r of rows) {
      const item = writeOffItem(r)
      ws.addRow({
        ...item,
        channel: WRITE_OFF_CHANNELS[item.channel],
        createdAt: chinaTime(item.createdAt),
      }).commit()
    }
    if (rows.length < EXPORT_BATCH) break
    before = rows.at(-1)!.id
  }
  ws.commit()
  await wb.commit()
}
