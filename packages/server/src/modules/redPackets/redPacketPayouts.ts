/**
 * The payout adapter (decision 0048): how an approved red-packet withdrawal reaches the user's account. The console
 * never talks to a provider itself; 通过 asks the adapter to transfer, then closes the request as approved in the same
 * transaction.
 *
 * A production adapter (WeChat Pay 商家转账到零钱, Alipay 单笔转账 alipay.fund.trans.uni.transfer) implements the
 * same interface: `transfer` calls the provider's transfer API with `reference` as the merchant's order number
 * (out_bill_no / out_biz_no), which the provider makes idempotent — a retry after a failed transaction (the approval
 * rolled back after the call) answers the first transfer instead of paying twice; a transfer the provider refuses
 * (account and name do not match, risk control) throws, so the approval is undone and the request stays pending for
 * 拒绝. 通过 keeps the answer on the request (打款单号 `payout_no`, 打款时间 `paid_at`). Transfers the provider accepts but
 * settles later would report through a signed notification route that fills them in.
 */
export interface PayoutRequest {
  /** Ours, unique per withdrawal: rpw-<id>. */
  reference: string
  /** 分. */
  amount: number
  /** The user's receiving account (支付宝账号 / 微信 openid) and the real name the provider checks against it. */
  account: string
  realName: string
}

export interface PayoutAdapter {
  readonly name: string
  /** Pays `amount` to the account; answers the provider's payout number. Throws when the provider refuses. */
  transfer(request: PayoutRequest): Promise<{ payoutNo: string; paidAt: Date }>
}

/** The local default: the operator pays outside the system (by hand) and 通过 records it. No money moves. */
export class LocalPayouts implements PayoutAdapter {
  readonly name = 'local'
  async transfer(request: PayoutRequest) {
    return { payoutNo: `local-${request.reference}`, paidAt: new Date() }
  }
}

/** The adapter the app uses: the local one (no real provider is configured in this product). */
export const payouts: PayoutAdapter = new LocalPayouts()
