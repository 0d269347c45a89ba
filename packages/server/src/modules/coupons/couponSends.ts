import {
  COUPON_IMPORT_MAX_ROWS,
  type CouponSendBody,
  type CouponSendResult,
  couponMessages,
} from '@moc/domain/api/coupons'
import { PHONE_PATTERN } from '@moc/domain/rules/phone'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { appUser, portrait } from '../../db/tables/community.ts'
import { coupon, couponSend } from '../../db/tables/marketing.ts'
import { newRowValues } from '../../engine/records/recordTable.ts'
import { AppError } from '../../platform/errors.ts'
import { xlsxRows } from '../../platform/xlsxRows.ts'
import { portraitWhere, rulesOf } from '../community/portraitWhere.ts'
import { couponSendTable } from './couponRows.ts'
import { grantCoupons, intArray } from './grantCoupons.ts'

/** App users a send may reach: not operator accounts (as every audience, portraitWhere). */
const appUsers = eq(appUser.operator, false)

/** What an imported list names: each data row's first non-empty cell, a phone (11 digits) or a user id. */
interface ImportedList {
  userIds: number[]
  unknown: { row: number; value: string }[]
}

/**
 * The users an .xlsx names (decision 0047): the first sheet, row 1 a header (手机号 / 用户ID, any words), each data
 * row's first non-empty cell a phone or an app user's id; rows naming no app user are reported, not sent to.
 */
export async function importedUsers(db: Db, file: Buffer): Promise<ImportedList> {
  const cells: { row: number; value: string }[] = []
  for await (const r of xlsxRows(file, {
    maxRows: COUPON_IMPORT_MAX_ROWS,
    messages: {
      notExcel: couponMessages.notExcel,
      tooManyRows: couponMessages.importTooMany(COUPON_IMPORT_MAX_ROWS),
    },
  })) {
    if (r.row === 1) continue
    const value = (r.cells.find((c) => c.trim()) ?? '').trim().replace(/\.0$/, '')
    if (value) cells.push({ row: r.row, value })
  }
  if (!cells.length) throw new AppError('BAD_REQUEST', couponMessages.importEmpty)
  const phones = cells.filter((c) => PHONE_PATTERN.test(c.value)).map((c) => c.value)
  const ids = cells
    .filter((c) => !PHONE_PATTERN.test(c.value) && /^\d{1,9}$/.test(c.value))
    .map((c) => Number(c.value))
  const found = await db
    .select({ id: appUser.id, phone: appUser.phone })
    .from(appUser)
    .where(
      and(
        appUsers,
        sql`(${appUser.phone} = any(${`{${phones.join(',')}}`}::text[]) or ${appUser.id} = any(${intArray(ids)}::int[]))`,
      ),
    )
  const byPhone = new Map(found.map((u) => [u.phone, u.id]))
  const byId = new Set(found.map((u) => u.id))
  const userIds: number[] = []
  const unknown: ImportedList['unknown'] = []
  for (const c of cells) {
    const id = PHONE_PATTERN.test(c.value)
      ? byPhone.get(c.value)
      : byId.has(Number(c.value))
        ? Number(c.value)
        : undefined
    if (id === undefined) unknown.push(c)
    else userIds.push(id)
  }
  return { userIds: [...new Set(userIds)], unknown }
}

/** The app users of a portrait now (portraitWhere: its rules, normal non-operator users). */
async function portraitUsers(db: Db, portraitId: number) {
  const [p] = await db.select().from(portrait).where(eq(portrait.id, portraitId))
  if (!p) throw new AppError('NOT_FOUND', couponMessages.portraitNotFound)
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(portraitWhere(rulesOf(p as unknown as Record<string, unknown>)))
  if (!rows.length) throw new AppError('CONFLICT', couponMessages.portraitEmpty(p.name))
  return rows.map((r) => r.id)
}

/** Chosen users that are app users (an id of no one, or of an operator account, is left out and counted skipped). */
async function chosenUsers(db: Db, ids: readonly number[]) {
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(appUsers, sql`${appUser.id} = any(${intArray(ids)}::int[])`))
  return rows.map((r) => r.id)
}

/**
 * 发放 (POST /api/couponSend/send): resolves the target to app users, then in ONE transaction writes the send row,
 * gives the codes (grantCoupons: the coupon row locked, stock and per-user limit exact, 409 when offline, ended or
 * short of stock — then nothing is written) and sets the send's counts. `couponScope` keeps the coupon in the caller's
 * data scope (404 otherwise).
 */
export async function sendCoupons(
  db: Db,
  body: CouponSendBody & { userIds: number[] },
  adminId: number,
  couponScope: SQL | undefined,
): Promise<CouponSendResult & { couponName: string }> {
  const [c] = await db
    .select({ id: coupon.id, name: coupon.name, showState: coupon.showState })
    .from(coupon)
    .where(and(eq(coupon.id, body.couponId), couponScope))
  if (!c) throw new AppError('NOT_FOUND', couponMessages.notFound)
  // Refused before reading a list or a portrait; grantCoupons checks again under the row lock.
  if (!c.showState) throw new AppError('CONFLICT', couponMessages.offline(c.name))
  let userIds: number[] = []
  let unknown: ImportedList['unknown'] = []
  let named = 0
  if (body.target === 'users') {
    named = new Set(body.userIds).size
    userIds = await chosenUsers(db, body.userIds)
  } else if (body.target === 'portrait') {
    userIds = await portraitUsers(db, body.portraitId!)
    named = userIds.length
  } else {
    const list = await importedUsers(db, Buffer.from(body.file!, 'base64'))
    if (!list.userIds.length) throw new AppError('BAD_REQUEST', couponMessages.importNoneKnown)
    userIds = list.userIds
    unknown = list.unknown
    named = userIds.length + unknown.length
  }
  if (!userIds.length) throw new AppError('BAD_REQUEST', couponMessages.noUsers)
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    // The coupon's row lock before anything that refers to it: the send row's foreign key takes a share lock on the
    // coupon, and two sends each holding one while waiting for grantCoupons' FOR UPDATE would deadlock.
    await tx.select({ id: coupon.id }).from(coupon).where(eq(coupon.id, c.id)).for('update')
    const [send] = await tx
      .insert(couponSend)
      .values({
        ...((await newRowValues(tx, couponSendTable(), adminId)) as { createdBy: number }),
        couponId: c.id,
        target: body.target,
        portraitId: body.target === 'portrait' ? body.portraitId! : null,
        userIds: body.target === 'portrait' ? [] : userIds,
        remark: body.remark ?? '',
      })
      .returning({ id: couponSend.id })
    const { granted, skipped } = await grantCoupons(tx, { couponId: c.id, userIds, sendId: send!.id })
    const skippedCount = named - granted.length
    await tx
      .update(couponSend)
      .set({ sentCount: granted.length, skippedCount })
      .where(eq(couponSend.id, send!.id))
    return {
      id: send!.id,
      couponName: c.name,
      sentCount: granted.length,
      skippedCount,
      limited: skipped,
      unknown,
    }
  })
}
