/** The part of s3rver (a local S3-compatible server, test-only) the storage tests use; it ships no types. */
declare module 's3rver' {
  interface S3rverOptions {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    configureBuckets?: { name: string; configs: unknown[] }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
    /** Koa's middleware stack (S3rver extends Koa). */
    middleware: unknown[]
    httpServer?: import('node:http').Server
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
  }
}
