import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { admin } from '../schema.ts'
import {
  childOf,
  listField,
  numberField,
  optionField,
  record,
  recordIndexes,
  recyclable,
  reviewed,
  scoped,
  showable,
  sortable,
  switchField,
  textField,
  timeField,
} from '../traits.ts'

/**
 * The Community and users area's tables (spec §2 Community and users; definitions in
 * @moc/domain/resources/community, decision 0040). App users are not console accounts: they sign in through the
 * app-facing API (DESIGN §6a) with a phone number and an SMS code and hold app sessions of their own.
 */

/**
 * App users (/users) and the platform's own operator accounts (/operateUsers, `operator` true). `level` follows
 * `points` through the level table (user_level); `state` is normal, locked (until `locked_until`, with a reason;
 * a periodic job and every app call end an expired lock) or cancelled (注销). `tags` are user-tag ids.
 */
export const appUser = pgTable(
  'app_user',
  {
    ...record(),
    phone: textField('phone'),
    nickname: textField('nickname'),
    avatar: textField('avatar'),
    gender: optionField('gender').notNull().default('unknown'),
    region: textField('region'),
    intro: textField('intro'),
    points: numberField('points').notNull().default(0),
    level: numberField('level').notNull().default(1),
    tags: listField('tags'),
    state: optionField('state').notNull().default('normal'),
    lockReason: textField('lock_reason'),
    lockedUntil: timeField('locked_until'),
    // Not `lockedBy`: that name is the record store's edit-lock trait (db/traits.ts lockable).
    lockedByAdmin: integer('locked_by').references(() => admin.id, { onDelete: 'set null' }),
    operator: switchField('operator'),
    invitationCodeId: integer('invitation_code_id'),
    // The user's own code to invite others (红包 invite rewards), made when first asked for; who invited this user.
    inviteCode: textField('invite_code'),
    inviterId: integer('inviter_id'),
    // The avatar frame the user wears (an award of kind avatarFrame the user holds).
    avatarFrameId: integer('avatar_frame_id'),
    registerPlatform: optionField('register_platform'),
    lastActiveAt: timeField('last_active_at'),
  },
  (t) => [
    ...recordIndexes('app_user', t),
    // A phone number is one app user; operator accounts made in the console may leave it empty.
    uniqueIndex('app_user_phone').on(t.phone).where(sql`${t.phone} <> ''`),
    uniqueIndex('app_user_invite_code').on(t.inviteCode).where(sql`${t.inviteCode} <> ''`),
    index('app_user_inviter').on(t.inviterId).where(sql`${t.inviterId} is not null`),
    index('app_user_state').on(t.state, t.createdAt.desc(), t.id.desc()),
    index('app_user_level').on(t.level, t.createdAt.desc(), t.id.desc()),
    index('app_user_locked').on(t.lockedUntil).where(sql`${t.state} = 'locked'`),
  ],
)

/** The devices a user signed in from (the detail's 设备), newest first; one row per device id. */
export const appUserDevice = pgTable(
  'app_user_device',
  {
    ...childOf(() => appUser.id),
    deviceId: textField('device_id'),
    platform: optionField('platform'),
    model: textField('model'),
    appVersion: textField('app_version'),
    lastSeenAt: timeField('last_seen_at'),
  },
  (t) => [uniqueIndex('app_user_device_key').on(t.parentId, t.deviceId)],
)

/** App sessions: the SHA-256 of the bearer token the app holds, idle and absolute expiry like console sessions. */
export const appSession = pgTable(
  'app_session',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    deviceId: textField('device_id'),
    createdAt: timeField('created_at').notNull().defaultNow(),
    lastSeenAt: timeField('last_seen_at').notNull().defaultNow(),
    expiresAt: timeField('expires_at').notNull(),
  },
  (t) => [index('app_session_user').on(t.userId)],
)

/** 用户等级 (/userLevel): level N from `min_points` on; the level names and badges the app shows. */
export const userLevel = pgTable(
  'user_level',
  {
    ...record(),
    ...scoped(),
    level: numberField('level').notNull(),
    name: textField('name'),
    minPoints: numberField('min_points').notNull(),
    icon: textField('icon'),
  },
  (t) => [...recordIndexes('user_level', t), uniqueIndex('user_level_level').on(t.level)],
)

/** 默认头像 (/defaultAvatar): new users get one of the shown ones. */
export const defaultAvatar = pgTable(
  'default_avatar',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    ...sortable(),
    name: textField('name'),
    image: textField('image'),
  },
  (t) => recordIndexes('default_avatar', t),
)

/**
 * 用户画像 (/portraits): an audience segment, users matching every rule given: any of `tags`, a level range, any of
 * `regions` (comma-separated), active within N days, registered within N days. Pushes, coupons and pop-ups target them later.
 */
export const portrait = pgTable(
  'portrait',
  {
    ...record(),
    ...scoped(),
    name: textField('name'),
    description: textField('description'),
    tags: listField('tags'),
    levelMin: numberField('level_min'),
    levelMax: numberField('level_max'),
    regions: textField('regions'),
    activeDays: numberField('active_days'),
    registeredDays: numberField('registered_days'),
  },
  (t) => recordIndexes('portrait', t),
)

/**
 * 邀请码 (/invitationCode): generated in batches (`batch_no`, a prefix), each valid in its window for `max_uses`
 * sign-ups; `used_count` counts invitation_use rows (kept in the same transaction as the use).
 */
export const invitationCode = pgTable(
  'invitation_code',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    code: textField('code'),
    batchNo: textField('batch_no'),
    validStart: timeField('valid_start'),
    validEnd: timeField('valid_end'),
    maxUses: numberField('max_uses').notNull().default(1),
    usedCount: numberField('used_count').notNull().default(0),
    remark: textField('remark'),
  },
  (t) => [
    ...recordIndexes('invitation_code', t),
    uniqueIndex('invitation_code_code').on(t.code),
    check('invitation_code_uses', sql`${t.usedCount} between 0 and ${t.maxUses}`),
  ],
)

/** A sign-up that used an invitation code (the code's 使用记录). */
export const invitationUse = pgTable(
  'invitation_use',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeId: integer('code_id')
      .notNull()
      .references(() => invitationCode.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    usedAt: timeField('used_at').notNull().defaultNow(),
  },
  (t) => [
    index('invitation_use_code').on(t.codeId, t.usedAt.desc()),
    uniqueIndex('invitation_use_user').on(t.userId),
  ],
)

/**
 * 圈子 (/groups): made in the console and reviewed (/groupAudit, circles pending type 1), 开启 / 关闭 (showable),
 * recommended in `sort` order. `post_review`: posts in it wait for review (else only those with block-level words).
 */
export const circle = pgTable(
  'circle',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    ...showable(),
    ...sortable(),
    name: textField('name'),
    icon: textField('icon'),
    cover: textField('cover'),
    intro: textField('intro'),
    category: optionField('category'),
    recommend: switchField('recommend'),
    postReview: switchField('post_review', true),
    memberCount: numberField('member_count').notNull().default(0),
    postCount: numberField('post_count').notNull().default(0),
  },
  (t) => [...recordIndexes('circle', t), uniqueIndex('circle_name').on(t.name)],
)

/** Who joined a circle (app users join and leave through the app-facing API). */
export const circleMember = pgTable(
  'circle_member',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circle.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    joinedAt: timeField('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] }), index('circle_member_user').on(t.userId)],
)

/** 话题 (/topicManage): posts carry at most one; its posts and their comments are /topicContent, /topicComment. */
export const topic = pgTable(
  'topic',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    ...sortable(),
    name: textField('name'),
    cover: textField('cover'),
    intro: textField('intro'),
    recommend: switchField('recommend'),
    postCount: numberField('post_count').notNull().default(0),
  },
  (t) => [...recordIndexes('topic', t), uniqueIndex('topic_name').on(t.name)],
)

/**
 * 帖子 (/postManage, /groupContent, /topicContent): what app users (or operators, as operator accounts) post in a
 * circle: text, pictures, a video. Reviewed (/postAudit, posts pending type 0) when the circle asks for it or a
 * block-level word hits (`hit_words`); 置顶 in a circle by `top` and `top_sort`.
 */
export const post = pgTable(
  'post',
  {
    ...record(),
    ...reviewed(),
    ...showable(),
    ...recyclable(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id').references(() => circle.id, { onDelete: 'set null' }),
    topicId: integer('topic_id').references(() => topic.id, { onDelete: 'set null' }),
    title: textField('title'),
    body: textField('body'),
    images: listField('images'),
    video: textField('video'),
    hitWords: listField('hit_words'),
    top: switchField('top'),
    topSort: numberField('top_sort').notNull().default(0),
    likeCount: numberField('like_count').notNull().default(0),
    commentCount: numberField('comment_count').notNull().default(0),
    postedBy: integer('posted_by').references(() => admin.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...recordIndexes('post', t),
    index('post_circle').on(t.circleId, t.top.desc(), t.topSort, t.createdAt.desc()),
    index('post_topic').on(t.topicId, t.createdAt.desc()),
    index('post_user').on(t.userId, t.createdAt.desc()),
  ],
)

/**
 * 举报 (/contentReportAudit: posts, content and users; /commentReportAudit: comments). An app user reports; an
 * operator handles it with a reason: dismiss, hide the target, or lock the reported user. The reporter reads the
 * outcome back through the app-facing API.
 */
export const report = pgTable(
  'report',
  {
    ...record(),
    category: optionField('category').notNull(),
    targetType: optionField('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    targetTitle: textField('target_title'),
    targetUserId: integer('target_user_id').references(() => appUser.id, { onDelete: 'set null' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    reason: optionField('reason').notNull(),
    description: textField('description'),
    images: listField('images'),
    state: optionField('state').notNull().default('pending'),
    handleReason: textField('handle_reason'),
    handledAt: timeField('handled_at'),
    handledBy: integer('handled_by').references(() => admin.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...recordIndexes('report', t),
    index('report_state').on(t.category, t.state, t.createdAt.desc(), t.id.desc()),
    index('report_reporter').on(t.reporterId, t.createdAt.desc()),
  ],
)

/** 评论模板 (/operateComment type import): phrases operators post as operator accounts; imported from Excel. */
export const commentTemplate = pgTable(
  'comment_template',
  { ...record(), ...scoped(), ...showable(), category: textField('category'), content: textField('content') },
  (t) => recordIndexes('comment_template', t),
)

/**
 * 网评员 (/networkManage, decision 0040): the people who comment for the platform, each bound to an operator
 * account they post as, with their unit and area; their performance is counted from that account's comments and
 * posts.
 */
export const networkCommentator = pgTable(
  'network_commentator',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    name: textField('name'),
    phone: textField('phone'),
    unit: textField('unit'),
    area: textField('area'),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    remark: textField('remark'),
  },
  (t) => recordIndexes('network_commentator', t),
)
