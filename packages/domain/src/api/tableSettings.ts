import { z } from 'zod'

/**
 * Column settings of a list (列设置, decision 0036): which columns show, in what order, at what density. Saved per
 * user and per list screen inside the account's preferences (`/api/admin/preferences`), so they follow the user to
 * any browser after signing in.
 */

/** antd Table sizes, as the settings popover names them: 默认 / 中等 / 紧凑. */
export const tableDensities = ['large', 'middle', 'small'] as const
export type TableDensity = (typeof tableDensities)[number]
export const tableDensityLabels: Record<TableDensity, string> = {
  large: '默认',
  middle: '中等',
  small: '紧凑',
}

/** Bounds that keep one account's preferences small: screens with settings, columns per screen. */
export const TABLE_SETTINGS_MAX_SCREENS = 200
export const TABLE_SETTINGS_MAX_COLUMNS = 50

/** A column's key: a field or engine column name (title, createdAt, creatorName, …). */
export const COLUMN_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,40}$/
/** A list's key: its screen path, with `#part` when one screen has several tables (/auditProcess#processLibrary). */
export const TABLE_KEY_PATTERN = /^\/[A-Za-z0-9/_-]{0,80}(#[A-Za-z0-9_-]{1,40})?$/

const columnKeys = z.array(z.string().regex(COLUMN_KEY_PATTERN)).max(TABLE_SETTINGS_MAX_COLUMNS)

export const tableSettingsSchema = z.strictObject({
  /** Column keys in the chosen order; columns missing here keep their place (e.g. ones added later). */
  order: columnKeys.optional(),
  /** Column keys the user hid; every other column shows, so a new column appears by default. */
  hidden: columnKeys.optional(),
  density: z.enum(tableDensities).optional(),
})
export type TableSettings = z.infer<typeof tableSettingsSchema>

export const tableSettingsMapSchema = z
  .record(z.string().regex(TABLE_KEY_PATTERN), tableSettingsSchema)
  .refine((m) => Object.keys(m).length <= TABLE_SETTINGS_MAX_SCREENS, {
    message: `列设置最多保存${TABLE_SETTINGS_MAX_SCREENS}个列表`,
  })
export type TableSettingsMap = z.infer<typeof tableSettingsMapSchema>
