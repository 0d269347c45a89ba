import { defaultEditorSettings, editorSettingsSchema } from '@moc/domain/api/editor'
import { defaultShopEntrance, shopEntranceSchema } from '@moc/domain/api/pointsShop'
import { defaultLayout, layoutStateSchema } from '@moc/domain/api/session'
import { LOG_RETENTION_MAX_DAYS, LOG_RETENTION_MIN_DAYS } from '@moc/domain/api/syslog'
import { defaultToolSettings, toolSettingsSchema } from '@moc/domain/api/tools'
import { eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { setting } from '../db/schema.ts'

/** System settings with their schema and default; unknown keys are refused. */
export const settingSchemas = {
  'security.singleSession': z.boolean(),
  'security.allowRegistration': z.boolean(),
  /** Days the operation log keeps its entries (at least 180); older ones are pruned periodically. */
  'log.retentionDays': z
    .number()
    .int('日志保留天数须为整数')
    .min(LOG_RETENTION_MIN_DAYS, `日志保留天数不能少于 ${LOG_RETENTION_MIN_DAYS} 天`)
    .max(LOG_RETENTION_MAX_DAYS, `日志保留天数不能超过 ${LOG_RETENTION_MAX_DAYS} 天`),
  /** Platform-wide theme-panel defaults (样式设置) for accounts without saved preferences. */
  'style.defaults': layoutStateSchema.strict(),
  /** The rich-text editor's services (编辑器设置): local images, embeds, map, 秀米 and 135编辑器. */
  editor: editorSettingsSchema,
  /** External tools' addresses (外部工具): /webcut, /yunjian and the SSO client 云剪辑 signs in with. */
  tools: toolSettingsSchema,
  /** 积分商城入口 (/ScoreShopEntrance; decision 0051): shown in the app or not, its name, icon and link. */
  'shop.entrance': shopEntranceSchema,
} as const
export type SettingKey = keyof typeof settingSchemas
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>

const defaults: { [K in SettingKey]: SettingValue<K> } = {
  'security.singleSession': false,
  'security.allowRegistration': true,
  'log.retentionDays': LOG_RETENTION_MIN_DAYS,
  'style.defaults': defaultLayout,
  editor: defaultEditorSettings,
  tools: defaultToolSettings,
  'shop.entrance': defaultShopEntrance,
}

/** The keys of the 系统设置 form of /api/setting/get|update (super admins change them); style has its own calls. */
export const systemSettingKeys = [
  'security.singleSession',
  'security.allowRegistration',
  'log.retentionDays',
  'editor',
  'tools',
] as const satisfies readonly SettingKey[]
export type SystemSettingKey = (typeof systemSettingKeys)[number]

export class Settings {
  constructor(private readonly db: Db) {}

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const [row] = await this.db.select().from(setting).where(eq(setting.key, key)).limit(1)
    if (!row) return defaults[key]
    const parsed = settingSchemas[key].safeParse(row.value)
    return (parsed.success ? parsed.data : defaults[key]) as SettingValue<K>
  }

  /** The system settings (not style.defaults), stored value or default for each. */
  async all(): Promise<{ [K in SystemSettingKey]: SettingValue<K> }> {
    const rows = await this.db
      .select()
      .from(setting)
      .where(inArray(setting.key, [...systemSettingKeys]))
    const out: Record<string, unknown> = Object.fromEntries(systemSettingKeys.map((k) => [k, defaults[k]]))
    for (const r of rows) {
      const schema = settingSchemas[r.key as SettingKey]
      if (schema?.safeParse(r.value).success) out[r.key] = r.value
    }
    return out as { [K in SystemSettingKey]: SettingValue<K> }
  }

  async set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
    await this.db
      .insert(setting)
      .values({ key, value })
      .onConflictDoUpdate({ target: setting.key, set: { value, updatedAt: new Date() } })
  }
}
