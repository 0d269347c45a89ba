import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'

/** The routes of 优惠券 (/coupons, /couponDetail, /sendCoupons, /couponWriteOff; decision 0047): handlers the engine calls and the app-facing calls. */
export async function couponsRoutes(_app: FastifyInstance, _ctx: Ctx) {}
