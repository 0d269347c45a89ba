import type { FastifyBaseLogger } from 'fastify'

type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type Options = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>
type LogArgs = Parameters<FastifyBaseLogger['info']>

/**
 * A request's logger, made when it first logs. pino builds a child per request whose bindings (the request id) it
 * stringifies through the redaction paths — 0.6–0.7 µs, a few per cent of a pending-counts call — while below
 * `debug` request logging is off and almost no request ever logs (bench/README, stop 17).
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly opts: Options,
  ) {}

  get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.opts)
    return this.made
  }

  get level(): string {
    return this.made?.level ?? this.opts.level ?? this.parent.level
  }
  set level(level: string) {
    this.real.level = level
  }
  child(bindings: Bindings, opts?: Options) {
    return this.real.child(bindings, opts)
  }
}

// One log method per level, each logging through the child it makes on first use.
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
for (const level of LEVELS)
  Object.defineProperty(LazyChildLogger.prototype, level, {
    value(this: { real: FastifyBaseLogger }, ...args: LogArgs) {
      this.real[level](...args)
    },
  })

/** For `app.setChildLoggerFactory`. */
export const lazyChildLoggerFactory = (logger: FastifyBaseLogger, bindings: Bindings, opts: Options) =>
  new LazyChildLogger(logger, bindings, opts) as unknown as FastifyBaseLogger
