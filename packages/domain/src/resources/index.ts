import { activityResources } from './activity/index.ts'
import { appResources } from './app/index.ts'
import { article } from './article.ts'
import { collection } from './collection.ts'
import { communityResources } from './community/index.ts'
import { bulletTemplate } from './content/bulletTemplate.ts'
import { contentTag, userTag } from './content/tags.ts'
import { cspVideo } from './cspVideo.ts'
import { disclosure } from './disclosure.ts'
import { discuss } from './discuss.ts'
import { h5Page } from './h5Page.ts'
import { marketingResources } from './marketing/index.ts'
import { mediaResources } from './media/index.ts'
import { programDisclosure } from './programDisclosure.ts'
import { programReplay } from './programReplay.ts'
import { questionResources } from './question/index.ts'
import { subject } from './subject.ts'
import type { ResourceDef, ReviewDef } from './types.ts'
import { video } from './video.ts'

export { CONTENT_KINDS } from './kinds.ts'

/** Every resource definition, by name (DESIGN §4). */
export const resources = {
  article,
  video,
  collection,
  subject,
  discuss,
  programReplay,
  cspVideo,
  h5Page,
  disclosure,
  programDisclosure,
  contentTag,
  userTag,
  bulletTemplate,
  ...appResources,
  ...communityResources,
  ...mediaResources,
  ...questionResources,
  ...activityResources,
  ...marketingResources,
} as const satisfies Record<string, ResourceDef>

export type ResourceName = keyof typeof resources

export type ContentDef = ResourceDef & { storage: { table: 'content'; kind: string } }
export type RecordDef = ResourceDef & { storage: { table: string; kind?: never } }
export type ReviewedDef = ResourceDef & { review: ReviewDef }

const all = Object.values(resources as Record<string, ResourceDef>)

/** Is the definition a content-family type (the `content` table, told apart by `kind`)? */
export const isContentDef = (d: ResourceDef): d is ContentDef => 'kind' in d.storage

/** The content-family definitions (storage in the `content` table), by their `kind`. */
export const contentResources: ReadonlyMap<string, ContentDef> = new Map(
  all.filter(isContentDef).map((d) => [d.storage.kind, d]),
)

/** The record-store definitions (a table of their own, DESIGN §4), by name. */
export const recordResources: ReadonlyMap<string, RecordDef> = new Map(
  all.filter((d): d is RecordDef => !isContentDef(d)).map((d) => [d.name, d]),
)

/** Review states (DESIGN §5): 0 draft, 1 passed, 2 rejected, 3 pending; delivered when ≥ 3. */
export const VERIFY_STATE = { draft: 0, passed: 1, rejected: 2, pending: 3 } as const

/** Every definition with a review queue, content or record store, by its review resType (spec §7 pending counts). */
export const reviewResources: ReadonlyMap<string, ReviewedDef> = new Map(
  all.filter((d): d is ReviewedDef => !!d.review).map((d) => [d.review.resType, d]),
)

/** The content-family definitions that have a review queue, by their review resType. */
export const contentReviewResources: ReadonlyMap<string, ContentDef & ReviewedDef> = new Map(
  [...contentResources.values()]
    .filter((d): d is ContentDef & ReviewedDef => !!d.review)
    .map((d) => [d.review.resType, d]),
)

/** The review resType of a definition: its queue's, else its content kind, else its name. */
export const resTypeOf = (def: ResourceDef) =>
  def.review?.resType ?? (isContentDef(def) ? def.storage.kind : def.name)

/** The review-centre path segment of a resType: `/api/verify-center/<segment>` (video_collection → video-collection). */
export const reviewPathSegment = (resType: string) => resType.replaceAll('_', '-')
