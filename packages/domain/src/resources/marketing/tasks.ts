import type { ResourceDef } from '../types.ts'
import { avatarFrame } from './avatarFrame.ts'
import { medal } from './medal.ts'
import { signinRule } from './signinRule.ts'
import { task } from './task.ts'

/** The definitions of 任务、签到、勋章、头像框 (/taskManage, /taskDetail, /taskMedal, /taskAvatar …; decision 0050). */
export const taskResources = { task, signinRule, medal, avatarFrame } as const satisfies Record<
  string,
  ResourceDef
>
