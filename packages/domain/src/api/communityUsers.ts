import { z } from 'zod'
import { idQuerySchema, pageNumberSchema } from '../transport/ids.ts'

/**
 * The console calls of the users-and-growth screens beyond the record engine's (decision 0040): what one app user
 * did (/userDetail), who used an invitation code (使用记录). The portrait preview's schemas are rules/portrait.ts.
 */

const time = z.string().nullable()

/** GET /api/appUser/activity, /api/operatorUser/activity: the account's devices, lock, and latest posts, comments, reports. */
export const userActivityQuerySchema = z.object({ id: idQuerySchema })
export const USER_ACTIVITY_LATEST = 20

export const userActivitySchema = z.object({
  /** Who locked the account (a console account's name), while it is locked. */
  lockedByName: z.string().nullable(),
  devices: z.array(
    z.object({
      deviceId: z.string(),
      platform: z.string().nullable(),
      model: z.string(),
      appVersion: z.string(),
      lastSeenAt: time,
    }),
  ),
  posts: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        circleName: z.string().nullable(),
        verifyState: z.number().int(),
        showState: z.boolean(),
        recycled: z.boolean(),
        createdAt: z.string(),
      }),
    ),
  }),
  comments: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        body: z.string(),
        /** What it is on: a content item's or a post's title. */
        targetTitle: z.string().nullable(),
        contentKind: z.string(),
        verifyState: z.number().int(),
        showState: z.boolean(),
        createdAt: z.string(),
      }),
    ),
  }),
  reports: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        /** reporter: the user reported something; reported: someone reported the user or what they wrote. */
        role: z.enum(['reporter', 'reported']),
        targetType: z.string(),
        targetTitle: z.string(),
        reason: z.string(),
        state: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
})
export type UserActivity = z.infer<typeof userActivitySchema>

/** GET /api/invitationCode/uses: the sign-ups with one code (`id`), with codes like `code`, or all, newest first. */
export const invitationUsesQuerySchema = z.object({
  id: idQuerySchema.optional(),
  code: z.string().trim().max(20).optional(),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
})
export const invitationUseSchema = z.object({
  id: z.number().int(),
  codeId: z.number().int(),
  code: z.string(),
  userId: z.number().int(),
  nickname: z.string(),
  phone: z.string(),
  usedAt: z.string(),
})
export type InvitationUse = z.infer<typeof invitationUseSchema>

/** The most user tags (/userTags) one app user holds. */
export const USER_TAGS_MAX = 20
