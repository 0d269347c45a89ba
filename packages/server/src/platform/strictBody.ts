import type { FastifySchemaCompiler } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * Request bodies reject unknown fields instead of dropping them silently, whatever the route's author
 * wrote: an extra `roleId` or `passwordHash` is a 400 that names the field, never quietly ignored
 * (field-level authorisation, OWASP ASVS 4.1.5 / 13.1.3). Applies to the body's top-level object and
 * to each object member of a top-level union.
 */
export function strictBody(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return schema._zod.def.catchall ? schema : schema.strict()
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const def = schema._zod.def
    return z.discriminatedUnion(
      def.discriminator,
      def.options.map((o) => strictBody(o as z.ZodType)) as never,
    )
  }
  if (schema instanceof z.ZodUnion)
    return z.union(schema._zod.def.options.map((o) => strictBody(o as z.ZodType)) as never)
  return schema
}

/** The zod validator compiler with bodies made strict. */
export const strictValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (req) =>
  validatorCompiler({ ...req, schema: req.httpPart === 'body' ? strictBody(req.schema) : req.schema })
