import { appendFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Db } from '../db/client.ts'
import { smsOutbox } from '../db/schema.ts'

/** Sends text messages. A vendor adapter (Aliyun, Tencent Cloud SMS, ...) implements the same interface. */
export interface SmsProvider {
  send(phone: string, content: string, purpose: string): Promise<void>
}

/**
 * The built-in provider: nothing leaves the machine. Messages go to the sms_outbox table, readable on
 * the 短信发件箱 screen by super administrators, and to a file log for operators.
 */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly logFile: string | undefined,
  ) {}

  async send(phone: string, content: string, purpose: string): Promise<void> {
    await this.db.insert(smsOutbox).values({ phone, content, purpose })
    if (this.logFile) {
      await mkdir(dirname(this.logFile), { recursive: true })
      await appendFile(this.logFile, `${new Date().toISOString()}\t${phone}\t${purpose}\t${content}\n`)
    }
  }
}
