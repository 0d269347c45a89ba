import { ACCOUNT_STATE } from '@moc/domain/api/accounts'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { post } from './tables/community.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

/** 角色: the permission map and menu visibility of a group of accounts. Role 1 is the super administrator. */
export const role = pgTable('role', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  power: jsonb('power')
    .$type<Record<string, { actionName: string; exists: boolean }[]>>()
    .notNull()
    .default({}),
  powerMenuAttrs: jsonb('power_menu_attrs').$type<string[]>().notNull().default([]),
  permissionDepartment: text('permission_department').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** 部门 (组织架构): a tree of departments; a role's permissionDepartment names these ids. */
export const department = pgTable(
  'department',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => department.id),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('department_parent').on(t.parentId)],
)

/** 职位: job titles an account can hold. */
export const position = pgTable(
  'position',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('position_name').on(t.name)],
)

/** Account states (0 awaiting approval, 1 enabled, 2 disabled, 3 deleted), shared with the web. */
export const ADMIN_STATE = ACCOUNT_STATE

/** 账号: a back-office staff account. */
export const admin = pgTable(
  'admin',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    realName: text('real_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    roleId: integer('role_id').references(() => role.id),
    state: integer('state').notNull().default(1),
    requireSms: boolean('require_sms').notNull().default(false),
    xiumiOpenId: text('xiumi_open_id'),
    departmentId: integer('department_id').references(() => department.id),
    positionId: integer('position_id').references(() => position.id),
    /** 部门负责人 */
    isDirector: boolean('is_director').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    preferences: jsonb('preferences').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_username_lower').on(sql`lower(${t.username})`),
    index('admin_state').on(t.state),
    index('admin_department').on(t.departmentId),
    index('admin_role').on(t.roleId),
  ],
)

/** A signed-in session; only the SHA-256 of the opaque token is stored. */
export const session = pgTable(
  'session',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admin.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokeReason: text('revoke_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('session_admin').on(t.adminId)],
)

/** One-time SMS codes (hashed) for second-factor login, profile changes and password reset. */
export const verifyCode = pgTable(
  'verify_code',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    adminId: integer('admin_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('verify_code_lookup').on(t.phone, t.purpose, t.createdAt)],
)

/** The built-in SMS provider's outbox: what would have been sent, readable by super administrators. */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  content: text('content').notNull(),
  purpose: text('purpose').notNull(),
  createdAt: createdAt(),
})

/** 操作日志: append-only; written by every mutating call and every sign-in attempt. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id'),
    username: text('username').notNull().default(''),
    /** Permission page of the route (e.g. 系统-账号), '' for sign-in and open routes. */
    page: text('page').notNull().default(''),
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    target: text('target').notNull().default(''),
    /**
     * What the target is, in words, as it was when the row was written (the item's title, the account's or role's
     * name, 文章 for resType:article, the node's name): a later rename leaves history as it was. '' in rows older
     * than this column, and for targets without a name; the screen shows `target` then.
     */
    targetName: text('target_name').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    result: text('result').notNull(),
    code: integer('code').notNull(),
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('operation_log_created').on(t.createdAt),
    index('operation_log_admin').on(t.adminId, t.createdAt),
    index('operation_log_page').on(t.page, t.createdAt),
  ],
)

/** The server's ECDH key pairs for encrypted bodies; shared by every instance through the database. */
export const serverKey = pgTable('server_key', {
  kid: text('kid').primaryKey(),
  privateKey: text('private_key').notNull(),
  publicKey: text('public_key').notNull(),
  createdAt: createdAt(),
})

/** System settings, one JSON value per key (e.g. security.singleSession). */
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
})

/** 运营配置 texts (aboutus, agreement, privacy, cancel): every save is a new version; the latest is current. */
export const configureVersion = pgTable(
  'configure_version',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    content: text('content').notNull(),
    adminId: integer('admin_id'),
    username: text('username').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('configure_version_type').on(t.type, t.id)],
)

/** SSO client apps of the platform (e.g. the cloud editor, the clip tool) registered with the console's OIDC provider. */
export const ssoClient = pgTable('sso_client', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
  scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
  /** Client secret, encrypted with the server's secret key; shown once when created or rotated. */
  secretEnc: text('secret_enc').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** oidc-provider's storage: sessions, interactions, grants, codes and tokens, one row per model + id. */
export const oidcPayload = pgTable(
  'oidc_payload',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payload_grant').on(t.grantId),
    index('oidc_payload_uid').on(t.uid),
  ],
)

/**
 * 内容: the content family in one table (glossary: article, video, video_collection, audio_collection,
 * image_collection, subject, stream, discuss), told apart by `kind`; type-specific fields live in `extra`.
 * department_id is the creator's department at creation, so scoped lists and counters need no join.
 * verify_state: 0 draft, 1 passed, 2 rejected, 3 pending (≥ 3 delivered). Every change of kind,
 * department_id, created_by, recycled_at, verify_state or is_first goes through the engine's counter
 * update (engine/contentCounters.ts) in the same transaction.
 */
export const content = pgTable(
  'content',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    cover: text('cover').notNull().default(''),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    tags: jsonb('tags').$type<number[]>().notNull().default([]),
    mediaAccountId: integer('media_account_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => admin.id),
    departmentId: integer('department_id'),
    verifyState: integer('verify_state').notNull().default(0),
    processType: text('process_type'),
    showState: boolean('show_state').notNull().default(true),
    isFirst: boolean('is_first').notNull().default(false),
    recycledAt: timestamp('recycled_at', { withTimezone: true, mode: 'date' }),
    viewNum: integer('view_num').notNull().default(0),
    operateViewNum: integer('operate_view_num'),
    likeNum: integer('like_num').notNull().default(0),
    operateLikeNum: integer('operate_like_num'),
    displayStart: timestamp('display_start', { withTimezone: true, mode: 'date' }),
    displayEnd: timestamp('display_end', { withTimezone: true, mode: 'date' }),
    displayFlag: integer('display_flag').notNull().default(1),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    lockedBy: integer('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    /**
     * The active review flow, on the row itself so an item can never have two (DESIGN §5): the current node
     * (null while pending = the implicit single node of a type without nodes), who submitted it and when.
     * A CHECK keeps the node null unless the item is pending (verify_state 3).
     */
    processStateId: integer('process_state_id').references((): AnyPgColumn => processState.id),
    submittedBy: integer('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('content_flow_pending', sql`${t.processStateId} is null or ${t.verifyState} = 3`),
    // Review queues: pending live items of a kind by node, newest submission first.
    index('content_pending')
      .on(t.kind, t.processStateId, t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.verifyState} = 3 and ${t.recycledAt} is null`),
    index('content_pending_time')
      .on(t.kind, t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.verifyState} = 3 and ${t.recycledAt} is null`),
    // The list tabs, newest first (id breaks ties): live items, by verify_state, 首发, the recycle bin.
    index('content_live').on(t.kind, t.createdAt.desc(), t.id.desc()).where(sql`${t.recycledAt} is null`),
    index('content_live_state')
      .on(t.kind, t.verifyState, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.recycledAt} is null`),
    index('content_live_first')
      .on(t.kind, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isFirst} and ${t.recycledAt} is null`),
    index('content_recycled')
      .on(t.kind, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.recycledAt} is not null`),
    index('content_department').on(t.kind, t.departmentId, t.createdAt.desc(), t.id.desc()),
    index('content_creator').on(t.kind, t.createdBy, t.createdAt.desc(), t.id.desc()),
    index('content_title').on(t.title, t.kind),
    // A media account's articles and videos (/mediaContent 内容), newest first.
    index('content_media_account')
      .on(t.mediaAccountId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.mediaAccountId} is not null and ${t.recycledAt} is null`),
  ],
)

/**
 * Maintained exact counts of `content` rows per kind and state bucket (recycled, verify_state, is_first),
 * at three levels: department_id -1 + created_by 0 = the whole kind; department_id d (0: none) + created_by 0 =
 * one department; department_id d + created_by a = one creator within it. Written in the same transaction as
 * every content change, so totals of list tabs and /content/nums read a handful of rows instead of count(*).
 */
export const contentCount = pgTable(
  'content_count',
  {
    kind: text('kind').notNull(),
    departmentId: integer('department_id').notNull(),
    createdBy: integer('created_by').notNull(),
    recycled: boolean('recycled').notNull(),
    verifyState: integer('verify_state').notNull(),
    isFirst: boolean('is_first').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    /**
     * Stripe of the counter: each PostgreSQL connection adds into its own (applyCounts), so concurrent
     * transitions of one kind do not queue on the same row lock; totals sum every stripe.
     */
    slot: smallint('slot').notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.kind, t.departmentId, t.createdBy, t.recycled, t.verifyState, t.isFirst, t.slot],
    }),
    index('content_count_creator').on(t.kind, t.createdBy),
  ],
)

/** 审核流程 (DESIGN §5): a named, ordered list of review nodes (process_state). */
export const process = pgTable('process', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * 审核节点: one step of a process, in `sort` order. Who may act: holders of the queue's 审核 permission who
 * are in `role_ids` or `admin_ids` (both empty: any holder). Deleting a node with items at it is refused.
 */
export const processState = pgTable(
  'process_state',
  {
    id: serial('id').primaryKey(),
    processId: integer('process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    name: text('name').notNull(),
    roleIds: jsonb('role_ids').$type<number[]>().notNull().default([]),
    adminIds: jsonb('admin_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('process_state_process').on(t.processId, t.sort, t.id)],
)

/**
 * Which process a review resType (article, video, ...) uses. No row, or process_id null: one implicit node
 * that any holder of the queue's 审核 permission may act on.
 */
export const processSetting = pgTable('process_setting', {
  resType: text('res_type').primaryKey(),
  processId: integer('process_id').references(() => process.id),
  /** 禁止本人审核: the submitter may not approve or reject their own item, at any node (super admin included). */
  fourEyes: boolean('four_eyes').notNull().default(false),
  updatedAt: updatedAt(),
})

/**
 * 审核状态 names chosen by an administrator (spec §7 content state list). The states and their default names
 * are fixed in @moc/domain/api/reviewStatus; a row exists only while a state is renamed.
 */
export const reviewStatusName = pgTable('review_status_name', {
  statusId: integer('status_id').primaryKey(),
  name: text('name').notNull(),
  updatedAt: updatedAt(),
})

/**
 * Every review transition of an item of any reviewed type (DESIGN §5), keyed by (res_type, res_id): submit, pass,
 * reject (comment = reason), withdraw, revoke, publish (without review). Actor and node names are copied, so the
 * log reads the same after renames. An item deleted for ever takes its log with it (engine/reviewHistory.ts).
 */
export const processResourceLog = pgTable(
  'process_resource_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    resType: text('res_type').notNull(),
    resId: integer('res_id').notNull(),
    action: text('action').notNull(),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    stateId: integer('state_id'),
    stateName: text('state_name').notNull().default(''),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('process_resource_log_item').on(t.resType, t.resId, t.id),
    index('process_resource_log_actor').on(t.actorId, t.resType, t.id.desc()),
  ],
)

/**
 * 版本: a snapshot of an item's definition fields (any reviewed type, keyed by (res_type, res_id)), kept on every
 * save of a submitted or published item and at every review decision (decision 0009). `decision` marks the snapshot
 * a reviewer decided on: 'pass' at the final approval (or publish without review), 'reject' at a rejection; the
 * reviewer's diff compares the current fields with the latest 'pass' snapshot, else the latest 'reject' one.
 */
export const resourceVersion = pgTable(
  'resource_version',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    resType: text('res_type').notNull(),
    resId: integer('res_id').notNull(),
    versionNo: integer('version_no').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    decision: text('decision'),
  },
  (t) => [
    uniqueIndex('resource_version_no').on(t.resType, t.resId, t.versionNo),
    check('resource_version_decision', sql`${t.decision} is null or ${t.decision} in ('pass', 'reject')`),
  ],
)

/**
 * 敏感词 (spec §2 敏感词管理): one word per row, unique whatever its case (the matcher folds case too); level
 * block / replace / review (@moc/domain/api/sensitiveWords). created_by_name is kept so the list needs no join
 * and still names the creator after the account is deleted.
 */
export const sensitiveWord = pgTable(
  'sensitive_word',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    category: text('category').notNull().default(''),
    level: text('level').notNull(),
    createdBy: integer('created_by').references(() => admin.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sensitive_word_word_lower').on(sql`lower(${t.word})`),
    index('sensitive_word_level').on(t.level, t.id),
    check('sensitive_word_level_known', sql`${t.level} in ('block', 'replace', 'review')`),
  ],
)

/**
 * 媒体资源库 (spec §2 /mediaLibrary, §3 media item): folders and files draw their ids from one sequence, so a
 * media item id (spec: id, parentId) names either without a type beside it.
 */
export const mediaItemId = pgSequence('media_item_id')
const mediaId = () => integer('id').primaryKey().default(sql`nextval('media_item_id')`)

/**
 * 媒资分类: a three-level tree (spec §3 category tree). Ids 1–4 are the recording sources of spec §9 (直播收录,
 * 电视收录, 广播收录, 可视广播收录), inserted by the migration; generated ids start above them.
 */
export const mediaCategory = pgTable(
  'media_category',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    parentId: integer('parent_id').references((): AnyPgColumn => mediaCategory.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('media_category_parent').on(t.parentId, t.sort, t.id)],
)

/** 文件夹: folders of one file type (a tab of the library), nested; deleted only when empty. */
export const mediaFolder = pgTable(
  'media_folder',
  {
    id: mediaId(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => mediaFolder.id),
    createdBy: integer('created_by').references(() => admin.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('media_folder_parent').on(t.type, t.parentId, t.createdAt.desc(), t.id.desc()),
    check('media_folder_type_known', sql`${t.type} in ('image', 'video', 'audio', 'other')`),
  ],
)

/**
 * 媒资文件: an uploaded file in the library. The processing fields (state, transcode URL, cover, duration,
 * dimensions, error) are filled by media processing; `storage_key` is the spec §9 key the upload returned.
 */
export const mediaFile = pgTable(
  'media_file',
  {
    id: mediaId(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    fileName: text('file_name').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    folderId: integer('folder_id').references(() => mediaFolder.id),
    categoryId: integer('category_id').references(() => mediaCategory.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('processing'),
    transcodeUrl: text('transcode_url').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    duration: doublePrecision('duration'),
    width: integer('width'),
    height: integer('height'),
    error: text('error').notNull().default(''),
    createdBy: integer('created_by').references(() => admin.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('media_file_folder').on(t.type, t.folderId, t.createdAt.desc(), t.id.desc()),
    index('media_file_category').on(t.categoryId, t.createdAt.desc(), t.id.desc()),
    index('media_file_creator').on(t.createdBy, t.createdAt.desc(), t.id.desc()),
    // Content is matched to files by the key without its extension (transcoded outputs share that stem).
    index('media_file_key_stem').on(sql`split_part(${t.storageKey}, '.', 1)`),
    check('media_file_type_known', sql`${t.type} in ('image', 'video', 'audio', 'other')`),
    check('media_file_state_known', sql`${t.state} in ('processing', 'ready', 'failed')`),
  ],
)

/** 引用: which content items use a file (rebuilt from the item's fields and body each time it is saved). */
export const mediaUsage = pgTable(
  'media_usage',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => mediaFile.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.contentId] }), index('media_usage_content').on(t.contentId)],
)

/**
 * 后台任务: the durable job queue (media processing and other slow work). Claimed with FOR UPDATE SKIP LOCKED
 * by any instance; a failed attempt is retried with back-off until max_attempts, then stays 'failed' with its
 * error for the job screen. A 'running' job whose lease expired (its instance died) is claimed again.
 */
export const job = pgTable(
  'job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error').notNull().default(''),
    /** Percent done (0–100) the processor last reported; restarts at 0 when an attempt is claimed. */
    progress: smallint('progress').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('job_claimable').on(t.runAt, t.id).where(sql`${t.state} = 'queued'`),
    index('job_lease').on(t.leaseUntil).where(sql`${t.state} = 'running'`),
    index('job_list').on(t.state, t.id.desc()),
    check('job_state_known', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
  ],
)

/**
 * 直传凭证: a direct-upload grant (`/api/upload/vod/sign`) until its object is confirmed (`/vod/url`), when the
 * row goes. Rows left after expiry name objects nobody confirmed (or never sent): the sweep deletes both.
 */
export const uploadGrant = pgTable(
  'upload_grant',
  {
    key: text('key').primaryKey(),
    adminId: integer('admin_id').notNull(),
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('upload_grant_expiry').on(t.expiresAt)],
)

/**
 * 评论 on a content item (any kind; the kind is copied so per-type screens and queues filter without a join).
 * A reply names its parent. App users' comments carry userId (the app-user table comes later); a console
 * account's (官方评论 / 回复) carries adminId. Deleting keeps the row (deletedAt) for the operation log's sake.
 * verifyState is 1 (passed) unless the comment review queue holds it (issue 7: 3 pending).
 */
export const comment = pgTable(
  'comment',
  {
    id: serial('id').primaryKey(),
    // A comment is on a content item or on a post (contentKind 'post'): exactly one of the two.
    contentId: integer('content_id').references(() => content.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references((): AnyPgColumn => post.id, { onDelete: 'cascade' }),
    contentKind: text('content_kind').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => comment.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    userId: integer('user_id'),
    adminId: integer('admin_id').references(() => admin.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    showState: boolean('show_state').notNull().default(true),
    verifyState: integer('verify_state').notNull().default(1),
    // The comment queue's decision (/commentAudit): who, when, and a rejection's reason.
    reviewedBy: integer('reviewed_by').references(() => admin.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewReason: text('review_reason').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedBy: integer('deleted_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The comment list of one item, newest first (the /articleComments screen).
    index('comment_content')
      .on(t.contentId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // The comment review queue and per-kind lists (issue 7).
    index('comment_kind_state')
      .on(t.contentKind, t.verifyState, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('comment_parent').on(t.parentId),
    index('comment_post')
      .on(t.postId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.postId} is not null and ${t.deletedAt} is null`),
    check('comment_target', sql`(${t.contentId} is null) <> (${t.postId} is null)`),
    // The comment queue (待审核) and its badge count: only held comments, so the index stays small.
    index('comment_pending')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.verifyState} = 3 and ${t.deletedAt} is null`),
    // 审核记录 of the comment queue: a reviewer's decisions, newest first.
    index('comment_reviewed')
      .on(t.reviewedBy, t.reviewedAt.desc(), t.id.desc())
      .where(sql`${t.reviewedAt} is not null`),
  ],
)

/**
 * 模板 of the rich-text editor (issue 6): saved snippets, each belonging to one account, which alone sees and
 * changes it. `html` is sanitized like any rich text before it is stored.
 */
export const editorTemplate = pgTable(
  'editor_template',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admin.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('editor_template_admin').on(t.adminId, t.id)],
)

/**
 * 弹幕 over a video or a live stream (a content item; the kind is copied so the video/live tabs filter without a
 * join). `at` is the playback second it appears at (null for live, where it shows when sent). App users' danmaku
 * carry userId (the app API comes later); a console account's (官方弹幕) carries adminId. Bodies pass the
 * sensitive-word list on arrival; a held one is stored hidden with verifyState 3. Deleting keeps the row.
 */
export const bulletChat = pgTable(
  'bullet_chat',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    contentKind: text('content_kind').notNull(),
    authorName: text('author_name').notNull(),
    userId: integer('user_id'),
    adminId: integer('admin_id').references(() => admin.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    at: integer('at'),
    showState: boolean('show_state').notNull().default(true),
    verifyState: integer('verify_state').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedBy: integer('deleted_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The danmaku of one item, newest first (/bulletChatDetail), and its counts per item (/bulletChat).
    index('bullet_chat_content')
      .on(t.contentId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('bullet_chat_kind').on(t.contentKind, t.contentId).where(sql`${t.deletedAt} is null`),
  ],
)
