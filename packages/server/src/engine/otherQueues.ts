import type { Db } from '../db/client.ts'
import type { DataScope } from '../platform/dataScope.ts'
import { commentQueue } from './commentReviewRoutes.ts'

/** A review queue outside the content family: its screen path, the page whose 审核 it needs, its pending total. */
export interface OtherQueue {
  queue: string
  page: string
  pending: (db: Db, scope: DataScope) => Promise<number>
}

/** The queues that feed the badges beside the content definitions' (GET /api/verify-center/pendingCounts). */
export const otherQueues: readonly OtherQueue[] = [commentQueue]
