import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { admin } from '../schema.ts'
import {
  listField,
  numberField,
  optionField,
  record,
  recordIndexes,
  reviewed,
  scoped,
  showable,
  sortable,
  textField,
  timeField,
} from '../traits.ts'
import { appUser } from './community.ts'

/**
 * The media-accounts area's tables (spec §2 Media accounts; definitions in @moc/domain/resources/media, decision
 * 0043). A 媒体号 is an institution publishing on the platform; articles and videos name it (content.media_account_id).
 */

/**
 * 媒体号 (/medias, /mediasDetail; review /mediaAudit): applied for with certification documents, reviewed, then usable.
 * `state` is normal, locked (no new content until `locked_until`, or for good) or frozen (its content hidden from the
 * app and no new content); `state_reason` says why. `columns` are media-column ids; `preset_id` the operating preset.
 */
export const mediaAccount = pgTable(
  'media_account',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    name: textField('name'),
    // Accounts made before types existed are 其他.
    accountType: optionField('type').notNull().default('other'),
    avatar: textField('avatar'),
    intro: textField('intro'),
    certification: textField('certification'),
    authorization: textField('authorization'),
    contactName: textField('contact_name'),
    contactPhone: textField('contact_phone'),
    region: textField('region'),
    columns: listField('columns'),
    presetId: numberField('preset_id'),
    state: optionField('state').notNull().default('normal'),
    stateReason: textField('state_reason'),
    lockedUntil: timeField('locked_until'),
  },
  (t) => [
    ...recordIndexes('media_account', t),
    uniqueIndex('media_account_name').on(t.name),
    // The content form's picker: usable accounts, newest first.
    index('media_account_usable')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.state} = 'normal' and ${t.verifyState} = 1`),
  ],
)

/** 子账号 (/mediaSon): a media account's own sub-accounts (a district office under a government account). */
export const mediaSon = pgTable(
  'media_son',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    mediaAccountId: integer('media_account_id')
      .notNull()
      .references(() => mediaAccount.id, { onDelete: 'cascade' }),
    name: textField('name'),
    avatar: textField('avatar'),
    intro: textField('intro'),
    contactName: textField('contact_name'),
    contactPhone: textField('contact_phone'),
  },
  (t) => [...recordIndexes('media_son', t), uniqueIndex('media_son_name').on(t.mediaAccountId, t.name)],
)

/** 媒体号角色 (/mediaRole): a permission set inside an account (publish, edit, reply to comments, view data). */
export const mediaRole = pgTable(
  'media_role',
  {
    ...record(),
    ...scoped(),
    name: textField('name'),
    permissions: listField('permissions'),
    intro: textField('intro'),
  },
  (t) => [...recordIndexes('media_role', t), uniqueIndex('media_role_name').on(t.name)],
)

/** 运营者 (/mediasOperator): an app user who runs a media account, with a media role. */
export const mediaOperator = pgTable(
  'media_operator',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    mediaAccountId: integer('media_account_id')
      .notNull()
      .references(() => mediaAccount.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => mediaRole.id),
    remark: textField('remark'),
  },
  (t) => [
    ...recordIndexes('media_operator', t),
    uniqueIndex('media_operator_user').on(t.mediaAccountId, t.userId),
    index('media_operator_account').on(t.mediaAccountId, t.createdAt.desc()),
  ],
)

/** 栏目 (/mediaColumn): the platform's columns an account files itself under (/relationMediaColumn). */
export const mediaColumn = pgTable(
  'media_column',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    ...sortable(),
    name: textField('name'),
    icon: textField('icon'),
    intro: textField('intro'),
  },
  (t) => [...recordIndexes('media_column', t), uniqueIndex('media_column_name').on(t.name)],
)

/**
 * 运营预置 (/operatingPreManage, /operatingPreDetail; decision 0043): a package an account starts from — default
 * columns, the media roles its operators may hold, and its recommendation slots (how many items it may 置顶).
 */
export const operatingPreset = pgTable(
  'operating_preset',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    name: textField('name'),
    intro: textField('intro'),
    columns: listField('columns'),
    roles: listField('roles'),
    recommendSlots: numberField('recommend_slots').notNull().default(3),
  },
  (t) => [...recordIndexes('operating_preset', t), uniqueIndex('operating_preset_name').on(t.name)],
)

/**
 * 媒体号内容 (/mediaContent, /relation): topics, circles and interactive items (热议) an account shows on its page.
 * Its articles and videos are not here: they name the account themselves (content.media_account_id).
 */
export const mediaRelation = pgTable(
  'media_relation',
  {
    id: serial('id').primaryKey(),
    mediaAccountId: integer('media_account_id')
      .notNull()
      .references(() => mediaAccount.id, { onDelete: 'cascade' }),
    resType: text('res_type').notNull(),
    resId: integer('res_id').notNull(),
    top: boolean('top').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    showState: boolean('show_state').notNull().default(true),
    createdBy: integer('created_by').references(() => admin.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_relation_item').on(t.mediaAccountId, t.resType, t.resId),
    index('media_relation_list').on(t.mediaAccountId, t.resType, t.top.desc(), t.sort, t.id.desc()),
  ],
)
