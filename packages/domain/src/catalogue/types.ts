/** One screen of spec §2. The router, side menu, breadcrumbs and guards are all derived from these. */
export interface Screen {
  /** Route path, verbatim from the spec, e.g. '/contentArticle'. */
  path: string
  /** Chinese page title, shown in the breadcrumb and the menu. */
  title: string
  /** Menu group key (see `menuGroups`); null for screens outside the side menu's groups. */
  group: MenuGroupKey | null
  /** Shown as an entry in the side menu (list pages); detail/edit pages are false. */
  menu: boolean
  /** Breadcrumb parent: the path of the list screen a detail page belongs to. */
  parent?: string
  /** Permission page name (spec §6), e.g. '内容-文章'. Absent: open to any signed-in user. */
  permission?: string
  /** Query `type` (or `source`) values the screen accepts, value → Chinese label, in spec order. */
  types?: Record<string, string>
  /** Name of the query parameter carrying `types`; default 'type'. */
  typeParam?: 'type' | 'source'
  /** Pending-count badge key for audit menu entries (spec §7 pending counts). */
  badge?: string
  /** Reachable without signing in (spec §2 public routes). */
  public?: boolean
  /** Only the user named admin may open it (/hidden/*). */
  adminOnly?: boolean
  /** Opens in a new window (webcut) or is an external address (yunjian). */
  external?: 'newWindow' | 'external'
  /** Takes an optional id query parameter (detail pages used for both add and edit). */
  optionalId?: boolean
}

export type MenuGroupKey =
  | 'home'
  | 'content'
  | 'question'
  | 'app'
  | 'audit'
  | 'media'
  | 'community'
  | 'activity'
  | 'marketing'
  | 'system'
  | 'broadcast'

export interface MenuGroup {
  key: MenuGroupKey
  title: string
  /** @ant-design/icons component name, e.g. 'HomeOutlined'. */
  icon: string
}
