import { z } from 'zod'
import { APP_PLATFORMS } from '../resources/app/appOptions.ts'
import { idQuerySchema, idSchema } from '../transport/ids.ts'

/**
 * The app-facing API of the App configuration area (DESIGN §6a, decision 0039): what the app must show now, and the
 * feedback app users send and read back. Public: no console session; only approved, shown, in-window items.
 */

const platform = z.enum(
  Object.keys(APP_PLATFORMS) as [keyof typeof APP_PLATFORMS, ...(keyof typeof APP_PLATFORMS)[]],
  '未知的平台',
)

/** GET /api/open/app/config: the caller's platform and version code (the app's integer build number). */
export const appConfigQuerySchema = z.object({
  platform,
  version: z.coerce.number('版本号有误').int('版本号有误').min(0).max(2_000_000_000).optional(),
})

const launchItem = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  frequency: z.string(),
  displayStart: z.string().nullable(),
  displayEnd: z.string().nullable(),
})

export const appConfigSchema = z.object({
  platform: z.string(),
  version: z.number().int().nullable(),
  /** The splash screen to show at launch (the newest-starting one in its window), or none. */
  splash: launchItem
    .extend({ mediaType: z.string(), url: z.string(), countdown: z.number().int(), skippable: z.boolean() })
    .nullable(),
  popup: launchItem.extend({ image: z.string() }).nullable(),
  /** Ads by position, each position's in the operators' order. */
  ads: z.record(
    z.string(),
    z.array(z.object({ id: z.number().int(), title: z.string(), image: z.string(), link: z.string() })),
  ),
  /** The skin in force: a mourning grey wins over any festival skin. */
  theme: z
    .object({
      id: z.number().int(),
      name: z.string(),
      mode: z.string(),
      primaryColor: z.string(),
      topImage: z.string(),
    })
    .nullable(),
  /** Every feature by its key: on or off for this platform and version. */
  features: z.record(z.string(), z.boolean()),
  buoys: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      image: z.string(),
      link: z.string(),
      position: z.string(),
      pages: z.array(z.string()),
      closable: z.boolean(),
    }),
  ),
  hotWords: z.array(z.object({ keyword: z.string(), label: z.string().nullable(), link: z.string() })),
  /** The newest approved version of the platform, and what it means for the caller's version. */
  latestVersion: z
    .object({
      versionName: z.string(),
      versionCode: z.number().int(),
      url: z.string(),
      releaseNotes: z.string(),
      greyRatio: z.number().int(),
      forceUpdate: z.boolean(),
      /** The caller's version is older. */
      updateAvailable: z.boolean(),
      /** Some version newer than the caller's is a forced update. */
      mustUpdate: z.boolean(),
    })
    .nullable(),
})
export type AppConfig = z.infer<typeof appConfigSchema>

export const FEEDBACK_IMAGES_MAX = 9
export const openFeedbackMessages = {
  content: '请输入反馈内容',
  notFound: '反馈不存在',
} as const

/** POST /api/open/feedback. */
export const openFeedbackBodySchema = z.strictObject({
  content: z
    .string('反馈内容填写有误')
    .trim()
    .min(1, openFeedbackMessages.content)
    .max(1000, '反馈内容不能超过1000个字'),
  images: z
    .array(
      z
        .string()
        .trim()
        .max(1000)
        .regex(/^(https:\/\/|\/files\/)/, '图片地址有误'),
      '图片地址有误',
    )
    .max(FEEDBACK_IMAGES_MAX, `最多上传${FEEDBACK_IMAGES_MAX}张图片`)
    .default([]),
  contact: z.string().trim().max(50, '联系方式不能超过50个字').default(''),
  platform,
  appVersion: z.string().trim().max(20).default(''),
  deviceId: z.string().trim().min(1, '缺少设备标识').max(100),
})
/** The answer: the feedback's id and the ticket that reads it back (kept by the app). */
export const openFeedbackCreatedSchema = z.object({ id: z.number().int(), ticket: z.string() })

/** GET /api/open/feedback/detail?id=&ticket= */
export const openFeedbackQuerySchema = z.object({ id: idQuerySchema, ticket: z.string().min(16).max(100) })
export const openFeedbackSchema = z.object({
  id: idSchema,
  content: z.string(),
  state: z.string(),
  stateName: z.string(),
  reply: z.string(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
})

/** GET /api/open/help/list?category= and /api/open/help/detail?id= */
export const openHelpListQuerySchema = z.object({ category: z.string().max(40).optional() })
export const openHelpItemSchema = z.object({ id: z.number().int(), title: z.string(), category: z.string() })
export const openHelpDetailSchema = openHelpItemSchema.extend({ body: z.string(), updatedAt: z.string() })

/** GET /api/splash/schedule (闪屏投放, /publishFlash): per platform, the approved, online splash screens not over yet. */
export const splashScheduleSchema = z.object({
  now: z.string(),
  platforms: z.array(
    z.object({
      platform: z.string(),
      label: z.string(),
      /** The one the app shows now (GET /api/open/app/config's rule), or null. */
      currentId: z.number().int().nullable(),
      items: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          mediaType: z.string(),
          image: z.string(),
          frequency: z.string(),
          displayStart: z.string().nullable(),
          displayEnd: z.string().nullable(),
          /** showing: in its window now; notStarted: later. */
          status: z.string(),
        }),
      ),
    }),
  ),
})
export type SplashSchedule = z.infer<typeof splashScheduleSchema>
