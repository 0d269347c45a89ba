import type { ResourceDef } from '../types.ts'

/** The definitions of 任务、签到、勋章、头像框 (/taskManage, /taskDetail, /taskMedal, /taskAvatar …; decision 0050). */
export const taskResources = {} as const satisfies Record<string, ResourceDef>
