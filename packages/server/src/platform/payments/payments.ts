import { randomBytes } from 'node:crypto'

/**
 * The payment adapter (decision 0045): how a paid activity's enrolment fee is collected. The console never talks to
 * a provider itself; it asks the adapter for an order when a user enrols, and learns of payment through it.
 *
 * A production adapter (WeChat Pay, Alipay, a UnionPay gateway) implements the same interface: `createOrder` calls
 * the provider's unified order API and answers its order number and the parameters the app needs to pay
 * (`payParams`); the provider's signed notification reaches a route that verifies it and calls
 * `settle` with the order number; `refund` asks the provider to refund a paid order (cancelled activities).
 * `confirmManually` is the local adapter's only: it lets an operator mark an order paid (确认收款), e.g. when the fee
 * was paid on site.
 */
export interface PaymentOrder {
  orderNo: string
  /** What the app passes to the provider's SDK to pay (none locally: the fee is collected offline). */
  payParams: Record<string, string>
}

export interface PaymentAdapter {
  readonly name: string
  /** An unpaid order of `amount` fen for this enrolment. */
  createOrder(input: { amount: number; subject: string; reference: string }): Promise<PaymentOrder>
  /** Whether an operator may mark an order paid by hand (确认收款). */
  readonly confirmManually: boolean
  /** The order's payment as the provider reports it (the notification route); locally, the operator's word. */
  settle(orderNo: string): Promise<{ paidAt: Date }>
  /** Refunds a paid order (the activity was cancelled). */
  refund(orderNo: string, amount: number): Promise<void>
}

/** Order numbers: the date, then random digits, unique enough to key one enrolment (A + 14 + 10 characters). */
const orderNumber = (now: Date) =>
  `A${now.toISOString().replace(/\D/g, '').slice(0, 14)}${BigInt(`0x${randomBytes(5).toString('hex')}`)
    .toString()
    .padStart(13, '0')
    .slice(0, 10)}`

/**
 * The local default: an order is recorded as unpaid with a number of our own, and the operator marks it paid from
 * the console (确认收款 on the enrolment); refunds are recorded only. No money moves.
 */
export class LocalPayments implements PaymentAdapter {
  readonly name = 'local'
  readonly confirmManually = true
  async createOrder(): Promise<PaymentOrder> {
    return { orderNo: orderNumber(new Date()), payParams: {} }
  }
  async settle(): Promise<{ paidAt: Date }> {
    return { paidAt: new Date() }
  }
  async refund(): Promise<void> {}
}

/** The adapter the app uses: the local one (no real provider is configured in this product). */
export const payments: PaymentAdapter = new LocalPayments()
