/**
 * Widths in lists (decision 0036), so a list at 1440 px neither squeezes a time to "2(" nor lets one long text push
 * the rest under the fixed 操作 column. Lists scroll sideways at their content's width (auto layout), so short cells
 * size themselves; a time gets a floor and never wraps; long texts carry their own bound (EllipsisText) with the whole
 * text in a tooltip.
 */
export const COLUMN_WIDTH = { time: 170 } as const

/** Bounds of long texts inside their cells. */
export const TEXT_WIDTH = {
  title: 240,
  text: 200,
  reason: 160,
  person: 96,
} as const

/** The row buttons wrap within this width, so a type with many actions does not widen the fixed 操作 column. */
export const ACTIONS_WIDTH = 240
