import { createHmac, timingSafeEqual } from 'node:crypto'
import { toBase64Url } from '@moc/domain/transport/codec'

const TICKET_TTL_MS = 5 * 60_000

/**
 * The short-lived proof that a password was right while the SMS code is pending. HMAC-signed with a key
 * derived from the shared server key, so any instance can check it without storing it.
 */
export class LoginTickets {
  private readonly key: Buffer
  constructor(secret: string) {
    this.key = createHmac('sha256', 'moc-login-ticket').update(secret).digest()
  }

  issue(adminId: number, now = Date.now()): string {
    const body = `${adminId}.${now + TICKET_TTL_MS}`
    return `${body}.${toBase64Url(createHmac('sha256', this.key).update(body).digest())}`
  }

  /** The admin id the ticket was issued for, or undefined when forged or expired. */
  verify(ticket: string, now = Date.now()): number | undefined {
    const [id, exp, sig] = ticket.split('.')
    if (!id || !exp || !sig) return undefined
    const expected = createHmac('sha256', this.key).update(`${id}.${exp}`).digest()
    const given = Buffer.from(sig, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    if (Number(exp) < now) return undefined
    return Number(id)
  }
}
