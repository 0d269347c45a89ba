import type { ComponentType } from 'react'
import { lazyScreen } from '../../app/lazyScreen.ts'

/** The pages of 通知中心 (/noticeCentre, /noticeCentreDetail, /auditNotice; decision 0049) that the engine does not draw, by catalogue path. */
export const noticeScreens: Record<string, ComponentType> = {
  '/noticeCentreDetail': lazyScreen(() => import('./notices/NoticeDetailPage.tsx')),
  '/pushOutbox': lazyScreen(() => import('../system/PushOutboxPage.tsx')),
}
