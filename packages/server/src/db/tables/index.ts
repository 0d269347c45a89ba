import { getTableName } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import * as activities from './activities.ts'
import * as app from './app.ts'
import * as community from './community.ts'
import * as content from './content.ts'
import * as marketing from './marketing.ts'
import * as media from './media.ts'
import * as notices from './notices.ts'
import * as questionnaires from './questionnaires.ts'
import * as tasks from './tasks.ts'
import * as votes from './votes.ts'

/** Every record-store table (DESIGN §4), by its SQL name: what a definition's `storage.table` names. */
export const recordTables: ReadonlyMap<string, PgTable> = new Map(
  Object.values<PgTable>({
    ...activities,
    ...app,
    ...community,
    ...content,
    ...marketing,
    ...media,
    ...notices,
    ...questionnaires,
    ...tasks,
    ...votes,
  }).map((t) => [getTableName(t), t]),
)
