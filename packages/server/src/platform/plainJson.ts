import type { FastifySerializerCompiler } from 'fastify/types/schema'

/**
 * A route-level serializer for hot read routes whose handlers build every response object field by field:
 * JSON.stringify without the zod parse that the app's default serializer runs over each response (6 % of the
 * server's CPU on a 30-row list, bench/README 2026-11-25). The zod schema still documents the route (OpenAPI)
 * and the tests still check the shapes; only routes that never return database rows as-is may use it.
 */
export const plainJsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data)
