import type { ComponentType } from 'react'
import { lazyScreen } from '../../app/lazyScreen.ts'

/**
 * The pages of 任务、签到、勋章、头像框 (decision 0050) that the engine does not draw, by catalogue path: /taskManage (its
 * three tabs) and the medal and frame details with their holders. /taskDetail, /taskMedal and /taskAvatar are the
 * engine's screens of the definitions.
 */
export const taskScreens: Record<string, ComponentType> = {
  '/taskManage': lazyScreen(() => import('./tasks/TaskManagePage.tsx')),
  '/taskMedalDetail': lazyScreen(() =>
    import('./tasks/AwardDetailPage.tsx').then((m) => ({ default: m.MedalDetailPage })),
  ),
  '/taskAvatarDetail': lazyScreen(() =>
    import('./tasks/AwardDetailPage.tsx').then((m) => ({ default: m.AvatarFrameDetailPage })),
  ),
}
