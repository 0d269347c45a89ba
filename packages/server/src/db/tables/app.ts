import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { admin } from '../schema.ts'
import {
  childOf,
  listField,
  lockable,
  numberField,
  optionField,
  record,
  recordIndexes,
  reviewed,
  scoped,
  showable,
  sortable,
  switchField,
  textField,
  timeField,
  windowed,
} from '../traits.ts'

/** The App configuration area's tables (spec §2 App; definitions in @moc/domain/resources/app, decision 0038). */

/** 闪屏 (resources/app/splash.ts). */
export const appSplash = pgTable(
  'app_splash',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    ...showable(),
    ...windowed(),
    title: textField('title'),
    mediaType: optionField('media_type').notNull(),
    image: textField('image'),
    video: textField('video'),
    pag: textField('pag'),
    platforms: listField('platforms'),
    frequency: optionField('frequency').notNull(),
    countdown: numberField('countdown').notNull(),
    skippable: switchField('skippable', true),
    link: textField('link'),
  },
  (t) => recordIndexes('app_splash', t),
)

/** 广告 (resources/app/advert.ts). */
export const appAdvert = pgTable(
  'app_advert',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    ...windowed(),
    ...sortable(),
    title: textField('title'),
    position: optionField('position').notNull(),
    image: textField('image'),
    link: textField('link'),
  },
  (t) => recordIndexes('app_advert', t),
)

/** 弹窗 (resources/app/popup.ts). */
export const appPopup = pgTable(
  'app_popup',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    ...showable(),
    ...windowed(),
    title: textField('title'),
    image: textField('image'),
    link: textField('link'),
    platforms: listField('platforms'),
    frequency: optionField('frequency').notNull(),
  },
  (t) => recordIndexes('app_popup', t),
)

/** 版本 (resources/app/appVersion.ts): the newest code per platform is looked up by (platform, version_code). */
export const appVersion = pgTable(
  'app_version',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    platform: optionField('platform').notNull(),
    versionName: textField('version_name'),
    versionCode: numberField('version_code').notNull(),
    packageType: optionField('package_type').notNull(),
    packageUrl: textField('package_url'),
    storeUrl: textField('store_url'),
    forceUpdate: switchField('force_update'),
    releaseNotes: textField('release_notes'),
    greyRatio: numberField('grey_ratio').notNull().default(100),
  },
  (t) => [
    ...recordIndexes('app_version', t),
    uniqueIndex('app_version_platform_code').on(t.platform, t.versionCode),
  ],
)

/** 帮助文章 (resources/app/helpArticle.ts). */
export const appHelpArticle = pgTable(
  'app_help_article',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    ...showable(),
    ...lockable(),
    title: textField('title'),
    category: optionField('category').notNull(),
    body: textField('body'),
  },
  (t) => recordIndexes('app_help_article', t),
)

/**
 * 用户反馈 (resources/app/feedback.ts): rows app users make (no data scope). `images` are the URLs of the pictures
 * attached; `replied_by` the account that replied (the machine's stamp); `ticket_hash` the SHA-256 of the ticket the
 * app got when sending it, with which it reads the reply back (POST /api/open/feedback).
 */
export const appFeedback = pgTable(
  'app_feedback',
  {
    ...record(),
    content: textField('content'),
    images: listField('images'),
    contact: textField('contact'),
    platform: optionField('platform'),
    appVersion: textField('app_version'),
    deviceId: textField('device_id'),
    state: optionField('state').notNull().default('pending'),
    reply: textField('reply'),
    repliedAt: timeField('replied_at'),
    repliedBy: integer('replied_by').references(() => admin.id, { onDelete: 'set null' }),
    remark: textField('remark'),
    ticketHash: text('ticket_hash'),
  },
  (t) => [...recordIndexes('app_feedback', t), index('app_feedback_state').on(t.state, t.createdAt.desc())],
)

/** 浮标 (resources/app/buoy.ts). */
export const appBuoy = pgTable(
  'app_buoy',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    ...windowed(),
    title: textField('title'),
    image: textField('image'),
    link: textField('link'),
    position: optionField('position').notNull(),
    pages: listField('pages'),
    closable: switchField('closable', true),
  },
  (t) => recordIndexes('app_buoy', t),
)

/** 主题 (resources/app/appTheme.ts). */
export const appTheme = pgTable(
  'app_theme',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    ...windowed(),
    name: textField('name'),
    mode: optionField('mode').notNull(),
    primaryColor: textField('primary_color'),
    topImage: textField('top_image'),
  },
  (t) => recordIndexes('app_theme', t),
)

/** 功能 (resources/app/featureSwitch.ts): the app's features, seeded by migration 0020 (no data scope). */
export const appFeature = pgTable(
  'app_feature',
  {
    ...record(),
    ...showable(),
    key: textField('key'),
    name: textField('name'),
    description: textField('description'),
  },
  (t) => [...recordIndexes('app_feature', t), uniqueIndex('app_feature_key').on(t.key)],
)

/** A feature's version range on one platform (featureSwitch.rules). */
export const appFeatureRule = pgTable(
  'app_feature_rule',
  {
    ...childOf(() => appFeature.id),
    platform: optionField('platform').notNull(),
    minCode: numberField('min_code'),
    maxCode: numberField('max_code'),
    enabled: switchField('enabled', true),
  },
  (t) => [index('app_feature_rule_parent').on(t.parentId, t.sort)],
)

/** 热搜词 (resources/app/searchKeyword.ts). */
export const appSearchKeyword = pgTable(
  'app_search_keyword',
  {
    ...record(),
    ...scoped(),
    ...reviewed(),
    ...sortable(),
    keyword: textField('keyword'),
    label: optionField('label'),
    link: textField('link'),
  },
  (t) => recordIndexes('app_search_keyword', t),
)

/** 网页资源 (resources/app/webResource.ts). */
export const appWebResource = pgTable(
  'app_web_resource',
  {
    ...record(),
    ...scoped(),
    name: textField('name'),
    sourceType: optionField('source_type').notNull(),
    url: textField('url'),
    packageUrl: textField('package_url'),
    description: textField('description'),
  },
  (t) => recordIndexes('app_web_resource', t),
)

/** 小程序 (resources/app/miniProgram.ts). */
export const appMiniProgram = pgTable(
  'app_mini_program',
  {
    ...record(),
    ...scoped(),
    ...showable(),
    name: textField('name'),
    platform: optionField('platform').notNull(),
    appId: textField('app_id'),
    originalId: textField('original_id'),
    path: textField('path'),
    icon: textField('icon'),
  },
  (t) => recordIndexes('app_mini_program', t),
)
