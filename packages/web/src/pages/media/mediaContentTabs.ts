import { screenByPath } from '@moc/domain/catalogue/index'

export const MEDIA_CONTENT_PATH = '/mediaContent'

/** The /mediaContent tabs, from the catalogue (spec §2: type topic, circle, content, interactive). */
export const MEDIA_CONTENT_TABS: Record<string, string> = screenByPath(MEDIA_CONTENT_PATH)?.types ?? {}

/** The tab a screen opens on without `?type=`: the account's own articles and videos. */
export const DEFAULT_CONTENT_TAB = 'content'

/** The account's content on one tab. */
export const mediaContentUrl = (accountId: number | undefined, type: string = DEFAULT_CONTENT_TAB) =>
  `${MEDIA_CONTENT_PATH}?${accountId === undefined ? '' : `mediaAccountId=${accountId}&`}type=${type}`
