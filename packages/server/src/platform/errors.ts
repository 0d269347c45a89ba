import { type ErrorName, errorCodes } from '@moc/domain/transport/errorCodes'

/** An error the API reports through the envelope with its code, HTTP status and Chinese message. */
export class AppError extends Error {
  readonly code: number
  readonly status: number
  constructor(
    override readonly name: ErrorName,
    msg?: string,
    readonly data: unknown = null,
  ) {
    const entry = errorCodes[name]
    super(msg ?? entry.msg)
    this.code = entry.code
    this.status = entry.status
  }
}

export const fail = (name: ErrorName, msg?: string, data?: unknown): never => {
  throw new AppError(name, msg, data)
}
