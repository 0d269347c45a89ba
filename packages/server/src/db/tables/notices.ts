import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  listField,
  numberField,
  optionField,
  record,
  recordIndexes,
  recyclable,
  reviewed,
  scoped,
  textField,
  timeField,
} from '../traits.ts'
import { appUser, portrait } from './community.ts'

/**
 * 通知中心 (spec §2 /noticeCentre, /noticeCentreDetail; review /auditNotice, /examineNoticeDetail through
 * /verify-center/pushMessages; decision 0049). A notice is a push, an in-app message or both, to everyone, a portrait
 * or listed users, sent when approved or at `send_at` by a queued job; each target gets it once (unique indexes).
 */
export const notice = pgTable(
  'notice',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    ...recyclable(),
    title: textField('title'),
    content: textField('content'),
    link: textField('link'),
    /** push, inApp, both */
    channel: optionField('channel').notNull().default('inApp'),
    /** all, portrait, users */
    target: optionField('target').notNull().default('all'),
    portraitId: integer('portrait_id').references(() => portrait.id, { onDelete: 'set null' }),
    userIds: listField('user_ids'),
    sendAt: timeField('send_at'),
    /** waiting (not approved yet), scheduled, sending, sent, failed, cancelled */
    sendState: optionField('send_state').notNull().default('waiting'),
    sentAt: timeField('sent_at'),
    sentCount: numberField('sent_count').notNull().default(0),
    failReason: textField('fail_reason'),
  },
  (t) => [...recordIndexes('notice', t), index('notice_send').on(t.sendState, t.sendAt)],
)

/** 站内消息: a notice delivered to one app user (once: unique), read when `read_at` is set. */
export const noticeMessage = pgTable(
  'notice_message',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    createdAt: timeField('created_at').notNull().defaultNow(),
    readAt: timeField('read_at'),
  },
  (t) => [
    uniqueIndex('notice_message_once').on(t.noticeId, t.userId),
    index('notice_message_user').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notice_message_unread').on(t.userId).where(sql`${t.readAt} is null`),
  ],
)

/**
 * 推送发件箱: what the built-in push adapter "sent" (nothing leaves the machine), one row per notice and user with
 * the user's devices, like the SMS outbox; a vendor adapter sends instead (decision 0049).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    noticeId: integer('notice_id').references(() => notice.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    deviceIds: listField('device_ids'),
    title: text('title').notNull(),
    body: textField('body'),
    link: textField('link'),
    createdAt: timeField('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_outbox_once').on(t.noticeId, t.userId),
    index('push_outbox_time').on(t.createdAt.desc(), t.id.desc()),
  ],
)
