import type { ComponentType } from 'react'

/** The pages of 通知中心 (/noticeCentre, /noticeCentreDetail, /auditNotice; decision 0049) that the engine does not draw, by catalogue path. */
export const noticeScreens: Record<string, ComponentType> = {}
