import { z } from 'zod'
import { VERIFY_CODE_LENGTH } from '../constants.ts'
import { APP_PLATFORMS } from '../resources/app/appOptions.ts'
import { GENDERS } from '../resources/community/appUser.ts'
import { CONTENT_KINDS } from '../resources/kinds.ts'
import { PHONE_INVALID_MSG, PHONE_PATTERN, PHONE_REQUIRED_MSG } from '../rules/phone.ts'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * The app-facing API of the Community and users area (DESIGN §6a, issue 22, decision 0041): app users sign up and
 * sign in by phone and SMS code, hold an app session (`Authorization: Bearer <token>`), read published content,
 * join circles, post, comment and report. The option sets here are the console's too (the definitions import them).
 */

const keysOf = <T extends Record<string, string>>(o: T) =>
  Object.keys(o) as [keyof T & string, ...(keyof T & string)[]]

/** 举报原因: what the app offers the reporter. */
export const REPORT_REASONS = {
  porn: '色情低俗',
  illegal: '违法违规',
  spam: '垃圾广告',
  abuse: '人身攻击',
  rumor: '谣言不实',
  other: '其他',
} as const
export type ReportReason = keyof typeof REPORT_REASONS
export const REPORT_TARGET_TYPES = { post: '帖子', comment: '评论', user: '用户', content: '内容' } as const
export type ReportTargetType = keyof typeof REPORT_TARGET_TYPES
/** /contentReportAudit holds every report but comment reports, which are /commentReportAudit's. */
export const REPORT_CATEGORIES = { content: '内容举报', comment: '评论举报' } as const
/** A report's outcome, written by the console's handling: dismissed, the target hidden, or its author locked. */
export const REPORT_STATES = {
  pending: '待处理',
  dismissed: '举报不成立',
  hidden: '已处理：内容已隐藏',
  locked: '已处理：用户已被锁定',
} as const
export type ReportState = keyof typeof REPORT_STATES
/** A post's review state as its author sees it (verify_state). */
export const POST_STATES: Record<number, string> = { 0: '草稿', 1: '已发布', 2: '未通过', 3: '审核中' }

export const NICKNAME_MAX = 20
export const INTRO_MAX = 200
export const REGION_MAX = 50
export const POST_TITLE_MAX = 50
export const POST_BODY_MAX = 5000
export const POST_IMAGES_MAX = 9
export const REPORT_DESCRIPTION_MAX = 200
export const REPORT_IMAGES_MAX = 9
export const OPEN_PAGE_SIZE = 20
export const OPEN_PAGE_SIZE_MAX = 50

export const openCommunityMessages = {
  signInFirst: '请先登录',
  codeInvalid: `请输入${VERIFY_CODE_LENGTH}位验证码`,
  deviceRequired: '缺少设备标识',
  codeSent: '验证码已发送',
  signedIn: '登录成功',
  signedUp: '注册成功',
  signedOut: '已退出登录',
  cancelled: '该账号已注销',
  invitationUnknown: '邀请码不存在',
  invitationOff: '邀请码已停用',
  invitationNotStarted: '邀请码尚未生效',
  invitationEnded: '邀请码已过期',
  invitationUsedUp: '邀请码已被使用完',
  nicknameRequired: '请输入昵称',
  nicknameTooLong: `昵称不能超过${NICKNAME_MAX}个字`,
  introTooLong: `简介不能超过${INTRO_MAX}个字`,
  regionTooLong: `地区不能超过${REGION_MAX}个字`,
  profileSaved: '保存成功',
  nothingToSave: '没有要修改的内容',
  mediaInvalid: '图片或视频地址有误',
  uploadType: '只支持上传图片或mp4视频',
  contentNotFound: '内容不存在',
  circleNotFound: '圈子不存在',
  topicNotFound: '话题不存在',
  joined: '已加入圈子',
  left: '已退出圈子',
  notMember: '请先加入圈子',
  postTitleTooLong: `标题不能超过${POST_TITLE_MAX}个字`,
  postBodyRequired: '请输入帖子内容',
  postBodyTooLong: `帖子内容不能超过${POST_BODY_MAX}个字`,
  postImagesTooMany: `最多上传${POST_IMAGES_MAX}张图片`,
  postPublished: '发布成功',
  postHeld: '已提交，审核通过后展示',
  postNotFound: '帖子不存在',
  commentTarget: '请指定评论的内容或帖子（二选一）',
  commentNotFound: '评论不存在',
  parentMismatch: '回复的评论不属于该内容',
  commentAdded: '评论成功',
  commentHeld: '评论已提交，审核通过后展示',
  reportTarget: '举报对象不存在',
  reportSelf: '不能举报自己',
  reportReason: '请选择举报原因',
  reportDescriptionTooLong: `举报描述不能超过${REPORT_DESCRIPTION_MAX}个字`,
  reportImagesTooMany: `最多上传${REPORT_IMAGES_MAX}张图片`,
  reportDuplicate: '您已举报过该对象，请等待处理结果',
  reported: '举报已提交，我们会尽快处理',
} as const
const m = openCommunityMessages

const phone = z
  .string(PHONE_REQUIRED_MSG)
  .trim()
  .min(1, PHONE_REQUIRED_MSG)
  .regex(PHONE_PATTERN, PHONE_INVALID_MSG)
const platform = z.enum(keysOf(APP_PLATFORMS), '未知的平台')
/** An uploaded file's address: this site's /files/ path (POST /api/open/upload) or an https link. */
const mediaAddress = z
  .string(m.mediaInvalid)
  .trim()
  .max(1000, m.mediaInvalid)
  .regex(/^(https:\/\/|\/files\/)[^\s]+$/, m.mediaInvalid)
const pageQuery = {
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(OPEN_PAGE_SIZE_MAX).default(OPEN_PAGE_SIZE),
}
const iso = z.string().nullable()
/** Who wrote a post or a comment, as the app shows them. */
const authorSchema = z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string() })

/** POST /api/open/user/sendCode: a sign-in (or sign-up) code to the phone. */
export const openSendCodeBodySchema = z.object({ phone })
export const openSendCodeResultSchema = z.object({ cooldown: z.number().int() })

/** POST /api/open/user/login: signs in, creating the user on the first sign-in (an invitation code counts then). */
export const openLoginBodySchema = z.object({
  phone,
  code: z
    .string(m.codeInvalid)
    .trim()
    .regex(new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`), m.codeInvalid),
  invitationCode: z.string().trim().max(40, m.invitationUnknown).default(''),
  deviceId: z.string(m.deviceRequired).trim().min(1, m.deviceRequired).max(100),
  platform,
  model: z.string().trim().max(100).default(''),
  appVersion: z.string().trim().max(20).default(''),
})

/** The signed-in user's own profile (GET /api/open/user/profile). */
export const openProfileSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  gender: z.string(),
  region: z.string(),
  intro: z.string(),
  points: z.number().int(),
  level: z.number().int(),
  /** The level's name (用户等级), '' when the level has no row. */
  levelName: z.string(),
  createdAt: z.string(),
})
export type OpenProfile = z.infer<typeof openProfileSchema>

export const openLoginResultSchema = z.object({
  /** The app session's bearer token: sent as `Authorization: Bearer <token>`. */
  token: z.string(),
  expiresAt: z.string(),
  /** This sign-in created the user (sign-up). */
  created: z.boolean(),
  user: openProfileSchema,
})

/** POST /api/open/user/profile: the fields given change. */
export const openProfileBodySchema = z.object({
  nickname: z
    .string(m.nicknameRequired)
    .trim()
    .min(1, m.nicknameRequired)
    .max(NICKNAME_MAX, m.nicknameTooLong)
    .optional(),
  avatar: mediaAddress.optional(),
  gender: z.enum(keysOf(GENDERS), '性别有误').optional(),
  region: z.string().trim().max(REGION_MAX, m.regionTooLong).optional(),
  intro: z.string().trim().max(INTRO_MAX, m.introTooLong).optional(),
})

/** POST /api/open/upload: where the file is kept (its /files/ path, or the storage URL). */
export const openUploadSchema = z.object({
  url: z.string(),
  key: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
})

/** GET /api/open/content/list?type=&page=&pageSize= */
export const openContentListQuerySchema = z.object({
  type: z.enum(CONTENT_KINDS, '未知的内容类型'),
  ...pageQuery,
})
export const openContentItemSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  cover: z.string(),
  summary: z.string(),
  /** Real count plus the operated one (spec §3). */
  viewNum: z.number().int(),
  likeNum: z.number().int(),
  publishedAt: iso,
  mediaAccount: z.object({ id: z.number().int(), name: z.string(), avatar: z.string() }).nullable(),
})
export const openContentDetailSchema = openContentItemSchema.extend({
  body: z.string(),
  /** The type's own fields (a video's address, a collection's items…). */
  extra: z.record(z.string(), z.unknown()),
})
export const openIdQuerySchema = z.object({ id: idQuerySchema })

/** GET /api/open/circle/list */
export const openCircleListQuerySchema = z.object(pageQuery)
export const openCircleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  cover: z.string(),
  intro: z.string(),
  category: z.string().nullable(),
  recommend: z.boolean(),
  memberCount: z.number().int(),
  postCount: z.number().int(),
  joined: z.boolean(),
})
/** POST /api/open/circle/join and /leave. */
export const openCircleBodySchema = z.object({ circleId: idSchema })
export const openMembershipSchema = z.object({ joined: z.boolean(), memberCount: z.number().int() })

/** GET /api/open/topic/list */
export const openTopicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  intro: z.string(),
  recommend: z.boolean(),
  postCount: z.number().int(),
})

/** POST /api/open/post/add: in a circle the user joined; held for review when the circle or a word asks for it. */
export const openPostBodySchema = z.object({
  circleId: idSchema,
  topicId: idSchema.nullable().default(null),
  title: z.string().trim().max(POST_TITLE_MAX, m.postTitleTooLong).default(''),
  body: z.string(m.postBodyRequired).trim().min(1, m.postBodyRequired).max(POST_BODY_MAX, m.postBodyTooLong),
  images: z.array(mediaAddress, m.mediaInvalid).max(POST_IMAGES_MAX, m.postImagesTooMany).default([]),
  video: z.union([mediaAddress, z.literal('')]).default(''),
})
/** GET /api/open/post/list?circleId=|topicId= (neither: every circle's). */
export const openPostListQuerySchema = z.object({
  circleId: idQuerySchema.optional(),
  topicId: idQuerySchema.optional(),
  ...pageQuery,
})
export const openPostSchema = z.object({
  id: z.number().int(),
  circleId: z.number().int().nullable(),
  circleName: z.string(),
  topicId: z.number().int().nullable(),
  topicName: z.string(),
  title: z.string(),
  body: z.string(),
  images: z.array(z.string()),
  video: z.string(),
  top: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  author: authorSchema,
  publishedAt: iso,
  createdAt: z.string(),
})
/** GET /api/open/post/mine: my posts in every review state. */
export const openMyPostSchema = openPostSchema.extend({
  verifyState: z.number().int(),
  stateName: z.string(),
  /** The reviewer's reason when the post did not pass. */
  rejectReason: z.string(),
})
export const openPostAddedSchema = z.object({
  id: z.number().int(),
  verifyState: z.number().int(),
  stateName: z.string(),
})

/** POST /api/open/comment/add: on published content (contentId) or a published post (postId). */
export const openCommentBodySchema = z
  .object({
    contentId: idSchema.optional(),
    postId: idSchema.optional(),
    parentId: idSchema.nullable().default(null),
    body: z.string('请输入评论内容').trim().min(1, '请输入评论内容').max(1000, '评论内容不能超过1000个字'),
  })
  .refine((b) => (b.contentId === undefined) !== (b.postId === undefined), m.commentTarget)
export const openCommentListQuerySchema = z
  .object({ contentId: idQuerySchema.optional(), postId: idQuerySchema.optional(), ...pageQuery })
  .refine((q) => (q.contentId === undefined) !== (q.postId === undefined), m.commentTarget)
export const openCommentSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  parentAuthor: z.string().nullable(),
  body: z.string(),
  author: authorSchema.extend({ id: z.number().int().nullable() }),
  createdAt: z.string(),
})
export const openCommentAddedSchema = z.object({
  id: z.number().int(),
  /** 1: shown; 3: held for review (/commentAudit). */
  verifyState: z.number().int(),
  body: z.string(),
})

/** POST /api/open/report/add */
export const openReportBodySchema = z.object({
  targetType: z.enum(keysOf(REPORT_TARGET_TYPES), m.reportTarget),
  targetId: idSchema,
  reason: z.enum(keysOf(REPORT_REASONS), m.reportReason),
  description: z.string().trim().max(REPORT_DESCRIPTION_MAX, m.reportDescriptionTooLong).default(''),
  images: z.array(mediaAddress, m.mediaInvalid).max(REPORT_IMAGES_MAX, m.reportImagesTooMany).default([]),
})
export const openReportSchema = z.object({
  id: z.number().int(),
  targetType: z.string(),
  targetId: z.number().int(),
  targetTitle: z.string(),
  reason: z.string(),
  reasonName: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  state: z.string(),
  stateName: z.string(),
  handleReason: z.string(),
  handledAt: iso,
  createdAt: z.string(),
})
export const openReportListQuerySchema = z.object(pageQuery)
