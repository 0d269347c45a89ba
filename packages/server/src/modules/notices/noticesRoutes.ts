import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'

/** The routes of 通知中心 (/noticeCentre, /noticeCentreDetail, /auditNotice; decision 0049): handlers the engine calls and the app-facing calls. */
export async function noticesRoutes(_app: FastifyInstance, _ctx: Ctx) {}
