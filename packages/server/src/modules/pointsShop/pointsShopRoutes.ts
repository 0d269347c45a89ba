import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'

/** The routes of 积分商城 (/ScoreShopEntrance, GET /create-platform/shop; decision 0051): handlers the engine calls and the app-facing calls. */
export async function pointsShopRoutes(_app: FastifyInstance, _ctx: Ctx) {}
