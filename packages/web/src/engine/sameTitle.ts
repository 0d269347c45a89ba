import { contentResources } from '@moc/domain/resources/index'

/** One item of the duplicate-title lookup (GET /api/content/same), as the confirm dialog lists it. */
export interface SameTitleRow {
  id: number
  title: string
  /** The content type's name (文章, 视频, …); the kind itself when no definition has it. */
  type: string
  verifyState: unknown
  creatorName: string
}

/** The items of GET /api/content/same ({items, total}; contentSameItemSchema), anything unusable left out. */
export function sameTitleRows(data: unknown): SameTitleRow[] {
  const items = data && typeof data === 'object' ? (data as { items?: unknown }).items : undefined
  if (!Array.isArray(items)) return []
  return items
    .filter((i): i is Record<string, unknown> => !!i && typeof i === 'object' && typeof i.id === 'number')
    .map((i) => {
      const kind = typeof i.kind === 'string' ? i.kind : ''
      return {
        id: i.id as number,
        title: typeof i.title === 'string' ? i.title : '',
        type: contentResources.get(kind)?.label ?? kind,
        verifyState: i.verifyState,
        creatorName: typeof i.creatorName === 'string' ? i.creatorName : '',
      }
    })
}
