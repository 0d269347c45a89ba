import type { ComponentType } from 'react'

/** The pages of 任务、签到、勋章、头像框 (/taskManage, /taskDetail, /taskMedal, /taskAvatar …; decision 0050) that the engine does not draw, by catalogue path. */
export const taskScreens: Record<string, ComponentType> = {}
