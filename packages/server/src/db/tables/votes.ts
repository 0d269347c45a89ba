import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  numberField,
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
import { appUser } from './community.ts'

/**
 * The votes of the Activities area (spec §2 /voteActivity, /activeVotingDetail, /editVoteActivity; §7 Votes; review
 * /voteAudit, vote activities pending verifyState 3; decision 0044). A vote has modules, each with options; app users
 * cast votes through the app-facing API within the vote window and their per-day and total limits.
 */

/**
 * 投票活动: reviewed, shown, recyclable. `daily_limit` / `total_limit` are the votes one user may cast per day and in
 * all (0: no total limit); `vote_count` counts the casts (kept with each cast). `recommended`: put on the home page
 * (/vote/notAddRecommend lists those that are not).
 */
export const vote = pgTable(
  'vote',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    ...showable(),
    ...recyclable(),
    title: textField('title'),
    cover: textField('cover'),
    rules: textField('rules'),
    startAt: timeField('start_at'),
    endAt: timeField('end_at'),
    dailyLimit: numberField('daily_limit').notNull().default(1),
    totalLimit: numberField('total_limit').notNull().default(0),
    showResult: switchField('show_result', true),
    recommended: switchField('recommended'),
    voteCount: numberField('vote_count').notNull().default(0),
  },
  (t) => [
    ...recordIndexes('vote', t),
    check('vote_limits', sql`${t.dailyLimit} >= 1 and ${t.totalLimit} >= 0`),
  ],
)

/** 投票模块: a named group of options inside a vote, in `sort` order. */
export const voteModule = pgTable(
  'vote_module',
  {
    ...record(),
    ...scoped(),
    ...sortable(),
    voteId: integer('vote_id')
      .notNull()
      .references(() => vote.id, { onDelete: 'cascade' }),
    name: textField('name'),
    intro: textField('intro'),
  },
  (t) => [...recordIndexes('vote_module', t), uniqueIndex('vote_module_name').on(t.voteId, t.name)],
)

/**
 * 投票选项: what users vote for (title, a picture or video, a description, the operator's 点评 `comment`); `vote_id`
 * is copied from its module so a vote's results are one index range. `vote_count` is kept with each cast.
 */
export const voteOption = pgTable(
  'vote_option',
  {
    ...record(),
    ...scoped(),
    ...sortable(),
    ...showable(),
    voteId: integer('vote_id')
      .notNull()
      .references(() => vote.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => voteModule.id, { onDelete: 'cascade' }),
    title: textField('title'),
    media: textField('media'),
    description: textField('description'),
    comment: textField('comment'),
    voteCount: numberField('vote_count').notNull().default(0),
  },
  (t) => [
    ...recordIndexes('vote_option', t),
    index('vote_option_module').on(t.moduleId, t.sort, t.id),
    index('vote_option_vote').on(t.voteId, t.voteCount.desc()),
  ],
)

/**
 * One user's tally in one vote: casts on `day` (the vote's local date) and in all. A cast is one conditional upsert of
 * this row (the row lock orders concurrent casts), so neither limit is ever passed.
 */
export const voteVoter = pgTable(
  'vote_voter',
  {
    voteId: integer('vote_id')
      .notNull()
      .references(() => vote.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dayCount: integer('day_count').notNull().default(0),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.voteId, t.userId] })],
)

/** Every cast (who, for which option, when): the results by day and the export. */
export const voteCast = pgTable(
  'vote_cast',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    voteId: integer('vote_id')
      .notNull()
      .references(() => vote.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => voteOption.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    castAt: timeField('cast_at').notNull().defaultNow(),
  },
  (t) => [index('vote_cast_vote').on(t.voteId, t.castAt), index('vote_cast_option').on(t.optionId)],
)
