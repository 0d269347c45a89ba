import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { VerifyPurpose } from '@moc/domain/api/session'
import {
  VERIFY_CODE_COOLDOWN_S,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_MAX_TRIES,
  VERIFY_CODE_TTL_S,
} from '@moc/domain/constants'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { verifyCode } from '../db/schema.ts'
import { AppError } from './errors.ts'
import type { SmsProvider } from './sms.ts'

const digest = (code: string) => createHash('sha256').update(code).digest()

const consoleText = (what: string) => (code: string) =>
  `【融媒体运营后台】您的${what}验证码为${code}，${VERIFY_CODE_TTL_S / 60}分钟内有效。如非本人操作，请忽略。`

/** The message of each purpose: the console's accounts', and the app users' (sign-in and sign-up alike). */
const messageOf: Record<VerifyPurpose, (code: string) => string> = {
  login: consoleText('登录验证'),
  update: consoleText('修改个人信息'),
  reset: consoleText('重置密码'),
  app: (code) =>
    `【融媒体】您的登录验证码为${code}，${VERIFY_CODE_TTL_S / 60}分钟内有效，请勿泄露给他人。如非本人操作，请忽略。`,
}

/** One-time SMS codes: 29 s cooldown per phone and purpose, 5 minutes validity, 5 tries. */
export class VerifyCodes {
  constructor(
    private readonly db: Db,
    private readonly sms: SmsProvider,
  ) {}

  async send(phone: string, purpose: VerifyPurpose, adminId: number | null, now = new Date()): Promise<void> {
    const [last] = await this.db
      .select({ createdAt: verifyCode.createdAt })
      .from(verifyCode)
      .where(and(eq(verifyCode.phone, phone), eq(verifyCode.purpose, purpose)))
      .orderBy(desc(verifyCode.createdAt))
      .limit(1)
    if (last) {
      const wait = Math.ceil(VERIFY_CODE_COOLDOWN_S - (now.getTime() - last.createdAt.getTime()) / 1000)
      if (wait > 0)
        throw new AppError('VERIFY_CODE_COOLDOWN', `验证码发送过于频繁，请${wait}秒后再试`, {
          cooldown: wait,
        })
    }
    const code = String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0')
    await this.db.insert(verifyCode).values({
      phone,
      purpose,
      adminId,
      codeHash: digest(code).toString('hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFY_CODE_TTL_S * 1000),
    })
    await this.sms.send(phone, messageOf[purpose](code), purpose)
  }

  /** Consumes the newest live code for phone + purpose; wrong guesses count against it. */
  async check(phone: string, purpose: VerifyPurpose, code: string, now = new Date()): Promise<void> {
    const [row] = await this.db
      .select()
      .from(verifyCode)
      .where(
        and(
          eq(verifyCode.phone, phone),
          eq(verifyCode.purpose, purpose),
          isNull(verifyCode.consumedAt),
          gt(verifyCode.expiresAt, now),
        ),
      )
      .orderBy(desc(verifyCode.createdAt))
      .limit(1)
    if (!row || row.attempts >= VERIFY_CODE_MAX_TRIES) throw new AppError('VERIFY_CODE_INVALID')
    const expected = Buffer.from(row.codeHash, 'hex')
    if (!timingSafeEqual(expected, digest(code))) {
      await this.db
        .update(verifyCode)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verifyCode.id, row.id))
      throw new AppError('VERIFY_CODE_INVALID')
    }
    await this.db.update(verifyCode).set({ consumedAt: now }).where(eq(verifyCode.id, row.id))
  }
}
