import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'

/** The routes of 红包 (/redPacket invite, withdraw, register, scope; decision 0048): handlers the engine calls and the app-facing calls. */
export async function redPacketsRoutes(_app: FastifyInstance, _ctx: Ctx) {}
