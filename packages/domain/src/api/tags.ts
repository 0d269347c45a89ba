import { z } from 'zod'
import { SHORT_LIST_PAGE_SIZE } from '../constants.ts'
import { idQuerySchema, idSchema, pageNumberSchema } from '../transport/ids.ts'

/** Tag types (spec §7 `type`): 0 content tags (内容-标签, /contentTags), 1 user tags (用户标签, /userTags). */
export const TAG_TYPE = { content: 0, user: 1 } as const
/** The permission page that manages each tag type. */
export const TAG_PAGES: Record<string, string> = { '0': '内容-标签', '1': '用户标签' }
export const TAG_NAME_MAX = 20
export const TAG_LIST_MAX = 100

export const tagMessages = {
  nameRequired: '请输入标签名称',
  nameTooLong: `标签名称不能超过${TAG_NAME_MAX}个字`,
  nameTaken: '标签名称已存在',
  notFound: '标签不存在',
  added: '添加成功',
  modified: '修改成功',
  removed: '删除成功',
} as const

const type = z.coerce.number().int().min(0).max(1).default(TAG_TYPE.content)
export const tagNameSchema = z
  .string(tagMessages.nameRequired)
  .trim()
  .min(1, tagMessages.nameRequired)
  .max(TAG_NAME_MAX, tagMessages.nameTooLong)

/** POST /api/tag/findTags: paged search by name (contains), newest first. */
export const tagFindSchema = z.object({
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(TAG_LIST_MAX).default(SHORT_LIST_PAGE_SIZE),
  type,
  name: z.string().trim().max(TAG_NAME_MAX).optional(),
  /** Exactly these tags (a form showing the names of the ids it holds); name and paging still apply. */
  ids: z.array(idSchema).max(TAG_LIST_MAX).optional(),
})

/** GET /api/tag/add (spec §7 is a GET): type + name. */
export const tagAddQuerySchema = z.object({ type, name: tagNameSchema })
/** GET /api/tag/modify: rename. */
export const tagModifyQuerySchema = z.object({
  type,
  id: idQuerySchema,
  name: tagNameSchema,
})
export const tagInfoQuerySchema = z.object({ id: idQuerySchema })
/** POST /api/tag/removes: ids of one type (the type decides the permission page). */
export const tagRemovesSchema = z.object({
  type,
  ids: z.array(idSchema).min(1).max(TAG_LIST_MAX),
})

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  creatorName: z.string(),
  createdAt: z.string(),
})
export type Tag = z.infer<typeof tagSchema>
