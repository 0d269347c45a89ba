import { COMMENT_BODY_MAX } from '../../api/comments.ts'
import { POST_BODY_MAX, POST_IMAGES_MAX, POST_TITLE_MAX } from '../../api/openCommunity.ts'
import { defineResource, type FieldDef, type SpecInput } from '../types.ts'
import { rowsOf, shownOf, switchPaths } from './circle.ts'

/** The post list of one circle from a spec call: its `circleId`, or `id`. */
const ofCircle = ({ id, circleId, ...rest }: SpecInput): SpecInput => ({
  ...rest,
  circleId: String(circleId ?? id ?? ''),
})

/** The operator account (运营用户) the console posts or comments as. */
const asOperator = {
  operatorId: {
    kind: 'number',
    label: '运营用户',
    required: true,
    ref: { resource: 'operatorUser' },
  },
} as const satisfies Record<string, FieldDef>

/**
 * 帖子 (spec §2 /postManage, a circle's /groupContent and a topic's /topicContent; review /postAudit,
 * /postAuditDetail, posts pending type 0; decision 0042). App users — and operators, as operator accounts — post
 * through the app-facing API (POST /api/open/post/add): text, pictures, a video, in a circle, optionally under a
 * topic. A post waits for review when its circle asks for it or a sensitive word hits (`hitWords`: the block- and
 * review-level words found); approving publishes it, and posts that arrive published never enter the queue. The
 * console reads posts, shows or hides them, tops them within their circle (置顶, in `topSort` order), moves them to
 * the recycle bin and deletes them; it never writes their text. Operators post and comment as operator accounts
 * (以运营用户发帖 / 以运营用户评论, server modules/community/postsAsOperator.ts).
 */
export const post = defineResource({
  name: 'post',
  label: '帖子',
  storage: { table: 'post' },
  scope: 'none',
  titleField: 'body',
  permissionPage: '社区-帖子',
  screens: { list: '/postManage' },
  fields: {
    body: { kind: 'textarea', label: '帖子内容', max: POST_BODY_MAX, readOnly: true, search: true },
    title: { kind: 'text', label: '标题', max: POST_TITLE_MAX, readOnly: true, search: true },
    userId: { kind: 'number', label: '发帖人', readOnly: true, search: true, ref: { resource: 'appUser' } },
    circleId: { kind: 'number', label: '圈子', readOnly: true, search: true, ref: { resource: 'circle' } },
    topicId: { kind: 'number', label: '话题', readOnly: true, search: true, ref: { resource: 'topic' } },
    images: { kind: 'imageList', label: '图片', max: POST_IMAGES_MAX, readOnly: true },
    video: { kind: 'video', label: '视频', max: 1000, readOnly: true },
    hitWords: { kind: 'multiSelect', label: '命中敏感词', readOnly: true },
    top: { kind: 'switch', label: '置顶', readOnly: true },
    likeCount: { kind: 'number', label: '点赞数', readOnly: true },
    commentCount: { kind: 'number', label: '评论数', readOnly: true },
  },
  list: {
    types: {
      list: { label: '全部帖子', where: {} },
      pending: { label: '待审核', where: { verifyState: 3 } },
      top: { label: '置顶帖子', where: { is: { top: true } } },
      unTop: { label: '未置顶', where: { is: { top: false } } },
      recycle: { label: '回收站', where: {}, recycle: true },
    },
    columns: [
      'body',
      'images',
      'userId',
      'circleId',
      'topicId',
      'top',
      'likeCount',
      'commentCount',
      'hitWords',
    ],
  },
  actions: ['show', 'hide', 'recycle', 'restore'],
  review: { queue: '/postAudit', permissionPage: '帖子审核', resType: 'post' },
  commands: {
    top: { label: '置顶', action: '置顶', rows: 'many', confirm: '确定在圈内置顶选中的 {n} 条帖子吗？' },
    untop: { label: '取消置顶', action: '置顶', rows: 'many', confirm: '确定取消置顶选中的 {n} 条帖子吗？' },
    publish: {
      label: '以运营用户发帖',
      action: '添加',
      rows: 'none',
      input: {
        ...asOperator,
        circleId: { kind: 'number', label: '圈子', required: true, ref: { resource: 'circle' } },
        topicId: { kind: 'number', label: '话题', ref: { resource: 'topic' } },
        title: { kind: 'text', label: '标题', max: POST_TITLE_MAX },
        body: { kind: 'textarea', label: '帖子内容', required: true, max: POST_BODY_MAX },
        images: { kind: 'imageList', label: '图片', max: POST_IMAGES_MAX },
        video: { kind: 'video', label: '视频', max: 1000 },
      },
    },
    reply: {
      label: '以运营用户评论',
      action: '评论',
      rows: 'one',
      input: {
        ...asOperator,
        body: { kind: 'textarea', label: '评论内容', required: true, max: COMMENT_BODY_MAX },
      },
    },
  },
  // Spec §7 Circles, a circle's content (its posts); content/top and content/top/sorting read and write the top
  // order, which the engine's list does not keep (server modules/community/circlesContent.ts).
  specPaths: {
    'GET /api/circle/content/unTop': {
      engine: 'GET /api/post/list',
      fill: { type: 'unTop' },
      input: ofCircle,
    },
    'POST /api/circle/content/state': { engine: 'POST /api/post/showState', input: shownOf },
    'POST /api/circle/content/showBatch': { engine: 'POST /api/post/showState', input: shownOf },
    'POST /api/circle/content/topState': switchPaths('POST /api/post/top', 'POST /api/post/untop', 'top'),
    'POST /api/circle/content/addTop': { engine: 'POST /api/post/top', input: rowsOf },
    'POST /api/circle/content/removeTop': { engine: 'POST /api/post/untop', input: rowsOf },
  },
})
