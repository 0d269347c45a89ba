import { ok } from '@moc/domain/transport/envelope'
import type { FastifyReply } from 'fastify'
import type { FastifySerializerCompiler } from 'fastify/types/schema'

/**
 * A route-level serializer for hot read routes whose handlers build every response object field by field:
 * JSON.stringify without the zod parse that the app's default serializer runs over each response (6 % of the
 * server's CPU on a 30-row list, bench/README 2026-11-25). The zod schema still documents the route (OpenAPI)
 * and the tests still check the shapes; only routes that never return database rows as-is may use it.
 */
export const plainJsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data)

/** `ok`'s envelope as the text before and after its data. */
const [okHead, okTail] = JSON.stringify(ok('\u0000')).split('"\\u0000"') as [string, string]

/** Sends a successful reply whose data the caller has as JSON text (e.g. written by PostgreSQL). */
export const sendOkJson = (reply: FastifyReply, dataJson: string) =>
  reply.type('application/json; charset=utf-8').send(`${okHead}${dataJson}${okTail}`)
