import type { MenuGroupKey } from '../catalogue/types.ts'
import type { ActionName } from './actions.ts'

/** A permission page (spec §6 permission names) with the actions a role can be granted on it. */
export interface PermissionPage {
  /** Chinese page name, verbatim from the spec where it gives one, e.g. '内容-文章'. */
  name: string
  /** Stable key prefix, e.g. 'content-article'; a grant's key is `${key}-${actionKey}`. */
  key: string
  group: MenuGroupKey
  actions: readonly ActionName[]
}

/** One entry of the permission map (spec §3: key `power`). */
export interface PowerEntry {
  actionName: string
  exists: boolean
}

/** Permission map: page name → entries. */
export type PowerMap = Record<string, PowerEntry[]>
