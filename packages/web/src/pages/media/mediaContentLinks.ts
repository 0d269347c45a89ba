import type { MediaContentItem } from '@moc/domain/api/mediaRelations'

/** Where a /mediaContent row leads: the item's screen and its comments, the media account's where it has one. */
export function itemLinks(
  r: Pick<MediaContentItem, 'kind' | 'resId'>,
  accountId: number,
): { item?: string; comments?: string } {
  switch (r.kind) {
    case 'article':
      return { item: `/mediaArticleDetail?id=${r.resId}`, comments: `/mediaArticleComments?id=${r.resId}` }
    case 'video':
      return { item: `/mediaVideoDetail?id=${r.resId}`, comments: `/mediaVideoComments?id=${r.resId}` }
    case 'circle':
      return { item: `/mediaGroupContent?id=${r.resId}&mediaAccountId=${accountId}` }
    case 'topic':
      return { item: `/topicContent?id=${r.resId}` }
    case 'discuss':
      return { item: `/detailHotDiscuss?id=${r.resId}`, comments: `/discussComments?id=${r.resId}` }
    default:
      return {}
  }
}
