import { z } from 'zod'
import { idOrZeroQuerySchema, idOrZeroSchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * 媒体资源库 (spec §2 /mediaLibrary and the media picker, §3 media item / media list query / category tree,
 * §7 `/resource/files|delete/file|modify|add/file|category|count`): shapes shared by the server's routes, the
 * library screen and the picker. Folders and files share one id space, so a media item id names either.
 */

/** Spec §9: the picker (and the library grid) shows 28 items a page; categories are fetched 1000 at once. */
export const MEDIA_PAGE_SIZE = 28
export const MEDIA_CATEGORY_FETCH = 1000
export const MEDIA_TITLE_MAX = 100
/** The category tree has three levels (spec §3). */
export const MEDIA_CATEGORY_DEPTH = 3
export const MEDIA_CATEGORY_NAME_MAX = 30

/** What a file is; `dir` is a folder (spec §3 media item type). */
export const mediaFileTypes = ['image', 'video', 'audio', 'other'] as const
export type MediaFileType = (typeof mediaFileTypes)[number]
export const mediaItemTypes = [...mediaFileTypes, 'dir'] as const
export type MediaItemType = (typeof mediaItemTypes)[number]
export const mediaTypeLabels: Record<MediaFileType, string> = {
  image: '图片',
  video: '视频',
  audio: '音频',
  other: '其他',
}

/** The recording sources of spec §2/§9 (media categories 1–4), seeded; the recording module files into them. */
export const recordingCategories = [
  { id: 1, name: '直播收录', type: 'video' },
  { id: 2, name: '电视收录', type: 'video' },
  { id: 3, name: '广播收录', type: 'audio' },
  { id: 4, name: '可视广播收录', type: 'video' },
] as const satisfies readonly { id: number; name: string; type: MediaFileType }[]

/** Categories 1–4 are fixed: the recording module files into them by id (sources go below them). */
export const isRecordingCategory = (id: number) => recordingCategories.some((c) => c.id === id)

/** Processing of an uploaded file (probe, transcode, poster, thumbnail). */
export const mediaStates = ['processing', 'ready', 'failed'] as const
export type MediaState = (typeof mediaStates)[number]

export const mediaMessages = {
  titleRequired: '文件标题不能为空',
  titleTooLong: `标题不能超过${MEDIA_TITLE_MAX}个字符`,
  folderNameRequired: '文件夹名称不能为空',
  notFound: '文件不存在',
  folderNotFound: '文件夹不存在',
  folderNotEmpty: '文件夹不为空，不能删除',
  moveIntoSelf: '不能移动到自身或其子文件夹',
  folderTypeMismatch: '只能移动到同类型的文件夹',
  typeMismatch: '文件类型与所选类型不符',
  stored: '文件不存在，请重新上传',
  idsRequired: '未选择文件',
  /** Spec §4/§5 picker. */
  notTranscoded: '所选视频暂未完成转码，请稍后再试！',
  noneSingle: '未选择内容',
  noneMultiple: '未选择文件',
  empty: '暂无上传文件',
  /** Deleting a file that content uses: the caller must confirm, and is told which content. */
  inUse: (titles: readonly string[]) =>
    `文件正在被使用：${titles.map((t) => `《${t}》`).join('、')}，删除后这些内容中的文件将无法显示，确认删除？`,
  added: '添加成功',
  modified: '修改成功',
  removed: '删除成功',
  processing: '已提交处理，请稍候刷新查看',
  /** Spec §4/§5 转存媒资库 after an audio/video upload or an image edit: the title rule, and how the transfer went. */
  transferTitleRequired: '标题不能为空',
  transferred: '转存媒资库成功',
  transferring: '后台转存中，请稍候刷新查看',
  /** 视频剪辑 (spec §6 media library; the messages fill a spec gap, decision 0015). */
  clipOrder: '剪辑终点需晚于起点',
  clipTooShort: '剪辑片段不能短于1秒',
  clipBeyond: '剪辑终点超出视频时长',
  clipNotVideo: '只能剪辑视频文件',
  clipSubmitted: '剪辑任务已提交，完成后将出现在媒资库',
  /** Category management (spec §3 category tree; the messages fill a spec gap, decision 0017). */
  categoryNameRequired: '分类名称不能为空',
  categoryNameTooLong: `分类名称不能超过${MEDIA_CATEGORY_NAME_MAX}个字符`,
  categoryNotFound: '分类不存在',
  categoryTooDeep: `分类最多${MEDIA_CATEGORY_DEPTH}级`,
  categoryDuplicate: '同级分类下已有同名分类',
  categoryFixed: '收录分类不能修改或删除',
  categoryHasChildren: '该分类下还有子分类，不能删除',
  categoryHasFiles: '该分类下还有文件，不能删除',
} as const

/** The shortest clip 视频剪辑 makes, in seconds. */
export const CLIP_MIN_S = 1

/** Why a clip [start, end] of a video `duration` seconds long is refused, or null (browser and server alike). */
export function clipProblem(start: number, end: number, duration: number | null): string | null {
  if (end <= start) return mediaMessages.clipOrder
  if (end - start < CLIP_MIN_S) return mediaMessages.clipTooShort
  // ffprobe durations carry milliseconds the player rounds; allow that much.
  if (duration !== null && end > duration + 0.05) return mediaMessages.clipBeyond
  return null
}

/** A library title from an uploaded file's name: the name without its extension, at most MEDIA_TITLE_MAX. */
export function fileTitleOf(fileName: string) {
  const dot = fileName.lastIndexOf('.')
  return (dot > 0 ? fileName.slice(0, dot) : fileName).slice(0, MEDIA_TITLE_MAX)
}

const title = z
  .string()
  .trim()
  .min(1, mediaMessages.titleRequired)
  .max(MEDIA_TITLE_MAX, mediaMessages.titleTooLong)
const id = idSchema
/** 0 (or absent) is the root folder. */
const parentId = idOrZeroSchema.default(0)
const queryId = idOrZeroQuerySchema

/** Spec §3 media list query (page size 28; `content` is the keyword; adminId only when "only mine"). */
export const mediaListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(200).default(MEDIA_PAGE_SIZE),
  content: z.string().trim().max(MEDIA_TITLE_MAX).optional(),
  type: z.enum(mediaFileTypes).optional(),
  parentId: queryId.default(0),
  categoryId: queryId.default(0),
  startTime: z.coerce.date().optional(),
  endTime: z.coerce.date().optional(),
  adminId: queryId.optional(),
})
export type MediaListQuery = z.input<typeof mediaListQuerySchema>

/** Spec §3 media item (folders are `type: 'dir'`), with what the library screen shows besides. */
export const mediaItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(mediaItemTypes),
  /** The file's URL (https-prefixed when stored without a scheme); '' for a folder. */
  path: z.string(),
  coverUrl: z.string(),
  transcodeUrl: z.string(),
  size: z.number(),
  parentId: z.number().int(),
  categoryId: z.number().int(),
  state: z.enum(mediaStates),
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  error: z.string(),
  /** How many content items use the file (0 for folders). */
  usedNum: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
})
export type MediaItem = z.infer<typeof mediaItemSchema>

/**
 * Spec §3 media-library file (`/resource/add/file`): `path` is the storage key the upload returned (a URL on
 * our storage is accepted too). `type: 'dir'` creates a folder named `title`.
 */
export const mediaAddBodySchema = z.strictObject({
  path: z.string().trim().max(500).default(''),
  fileName: z.string().trim().max(200).default(''),
  size: z.number().int().nonnegative().default(0),
  fileId: z.string().trim().max(100).optional(),
  title,
  type: z.enum(mediaItemTypes),
  parentId,
  categoryId: idOrZeroSchema.default(0),
  /** For a new top-level folder: the tab (file type) it belongs to; sub-folders take their parent's. */
  folderType: z.enum(mediaFileTypes).default('image'),
})
export type MediaAddBody = z.input<typeof mediaAddBodySchema>

/**
 * Rename (title) and/or move (parentId) a file or folder; `path` (a file only) replaces the file's content with
 * another upload of its type — the image editor's 修改原图 (decision 0016).
 */
export const mediaModifyBodySchema = z.strictObject({
  id,
  title: title.optional(),
  parentId: idOrZeroSchema.optional(),
  path: z.string().trim().min(1).max(500).optional(),
})
export type MediaModifyBody = z.input<typeof mediaModifyBodySchema>

const categoryName = z
  .string()
  .trim()
  .min(1, mediaMessages.categoryNameRequired)
  .max(MEDIA_CATEGORY_NAME_MAX, mediaMessages.categoryNameTooLong)

/** A new category: top level (parentId 0) or below another, at most MEDIA_CATEGORY_DEPTH levels deep. */
export const mediaCategoryAddBodySchema = z.strictObject({ name: categoryName, parentId })
/** Rename a category (not one of the recording categories 1–4). */
export const mediaCategoryModifyBodySchema = z.strictObject({ id, name: categoryName })
/** Delete a category that holds neither sub-categories nor files (not one of 1–4). */
export const mediaCategoryDeleteBodySchema = z.strictObject({ id })

/** Put files into a category (0: none). Folders carry no category. */
export const mediaCategorizeBodySchema = z.strictObject({
  ids: z.array(id).min(1, mediaMessages.idsRequired).max(500),
  categoryId: idOrZeroSchema,
})

/** The library file stored at a URL or key, if any (the image editor offers 新建副本 / 修改原图 for it). */
export const mediaFindQuerySchema = z.object({ path: z.string().trim().min(1).max(1000) })

/** 视频剪辑: a new library video cut from `id` between `start` and `end` seconds, filed beside the source. */
export const mediaClipBodySchema = z
  .strictObject({
    id,
    start: z.number().min(0).max(86_400),
    end: z.number().min(0).max(86_400),
    title,
  })
  .superRefine((b, ctx) => {
    const problem = clipProblem(b.start, b.end, null)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['end'] })
  })

/** Delete files and (empty) folders; files used by content need `confirm: true`. */
export const mediaDeleteBodySchema = z.strictObject({
  ids: z.array(id).min(1, mediaMessages.idsRequired).max(500),
  confirm: z.boolean().default(false),
})

/** One content item using a file (the "used in" list). */
export const mediaUsageSchema = z.object({
  fileId: z.number().int(),
  contentId: z.number().int(),
  kind: z.string(),
  title: z.string(),
})
export type MediaUsage = z.infer<typeof mediaUsageSchema>

export const mediaCountQuerySchema = z.object({
  type: z.enum(mediaFileTypes).optional(),
  categoryId: queryId.default(0),
})

export const mediaCategoryQuerySchema = z.object({
  page: pageNumberSchema,
  size: z.coerce.number().int().min(1).max(MEDIA_CATEGORY_FETCH).default(MEDIA_CATEGORY_FETCH),
})

/** Spec §3 category tree: id, name, children (three levels). */
export interface MediaCategoryNode {
  id: number
  name: string
  children: MediaCategoryNode[]
}
export const mediaCategoryNodeSchema: z.ZodType<MediaCategoryNode> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), children: z.array(mediaCategoryNodeSchema) }),
)

/** A folder in the breadcrumb (root first). */
export const mediaFolderPathSchema = z.array(z.object({ id: z.number().int(), title: z.string() }))

/**
 * Spec §4 picker emits: a single pick of one allowed type is the path; with several allowed types an object
 * (type, url = transcode url else path, cover, title). Multiple selection emits a list of those.
 */
export interface MediaPick {
  type: MediaFileType
  url: string
  cover: string
  title: string
}
export const mediaPickOf = (item: MediaItem): MediaPick => ({
  type: item.type === 'dir' ? 'other' : item.type,
  url: item.transcodeUrl || item.path,
  cover: item.coverUrl,
  title: item.title,
})
/** Spec §3: URLs stored without a scheme get an https prefix. */
export const withScheme = (url: string) =>
  !url || /^(https?:)?\/\//i.test(url) || url.startsWith('/') ? url : `https://${url}`
