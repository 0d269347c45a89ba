import { PassThrough } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Streams a spreadsheet a writer produces into the reply as an .xlsx download named `<name>-<stamp>.xlsx`
 * (`label` is the Chinese name offered through filename*); a writer's failure ends the stream and is logged.
 */
export function sendXlsx(
  req: FastifyRequest,
  reply: FastifyReply,
  names: { name: string; label: string },
  write: (out: PassThrough) => Promise<unknown>,
  headers: Record<string, string> = {},
) {
  const out = new PassThrough()
  write(out).catch((err: unknown) => {
    req.log.error({ err }, `${names.name} export failed`)
    out.destroy(err as Error)
  })
  const stamp = new Date().toISOString().slice(0, 19).replace(/\D/g, '')
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="${names.name}-${stamp}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${names.label}-${stamp}.xlsx`)}`,
    )
    .header('cache-control', 'no-store')
  for (const [k, v] of Object.entries(headers)) reply.header(k, v)
  return reply.send(out)
}
