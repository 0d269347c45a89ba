import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'

/** The routes of 任务、签到、勋章、头像框 (/taskManage, /taskDetail, /taskMedal, /taskAvatar …; decision 0050): handlers the engine calls and the app-facing calls. */
export async function tasksRoutes(_app: FastifyInstance, _ctx: Ctx) {}
