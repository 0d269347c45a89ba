/**
 * Money is held as integer 分 (cents) everywhere — columns, API values, sums — so amounts add up exactly; people
 * read and type 元 with two decimals. A number field with `cents` is drawn and exported through these two.
 */

/** 1250 → '12.50'. */
export const yuanText = (cents: number) => (cents / 100).toFixed(2)

/** '12.5' or '12.50' → 1250; anything that is not an amount of at most two decimals → undefined. */
export function parseYuan(text: string): number | undefined {
  const t = text
    .trim()
    .replace(/^[¥￥]/, '')
    .replace(/元$/, '')
  if (!/^-?\d+(\.\d{1,2})?$/.test(t)) return undefined
  return Math.round(Number(t) * 100)
}
