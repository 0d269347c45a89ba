import { article } from './article.ts'
import { collection } from './collection.ts'
import { cspVideo } from './cspVideo.ts'
import { disclosure } from './disclosure.ts'
import { discuss } from './discuss.ts'
import { h5Page } from './h5Page.ts'
import { programDisclosure } from './programDisclosure.ts'
import { programReplay } from './programReplay.ts'
import { subject } from './subject.ts'
import type { ResourceDef } from './types.ts'
import { video } from './video.ts'

export { CONTENT_KINDS } from './kinds.ts'

/** Every resource definition, by name (DESIGN §4). Later content types are added here. */
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
} as const satisfies Record<string, ResourceDef>

export type ResourceName = keyof typeof resources

/** The content-family definitions (storage in the `content` table), by their `kind`. */
export const contentResources: ReadonlyMap<
  string,
  ResourceDef & { storage: { table: 'content'; kind: string } }
> = new Map(
  Object.values(resources as Record<string, ResourceDef>)
    .filter((d): d is ResourceDef & { storage: { table: 'content'; kind: string } } => 'kind' in d.storage)
    .map((d) => [d.storage.kind, d]),
)

/** Review states (DESIGN §5): 0 draft, 1 passed, 2 rejected, 3 pending; delivered when ≥ 3. */
export const VERIFY_STATE = { draft: 0, passed: 1, rejected: 2, pending: 3 } as const

/** The content-family definitions that have a review queue, by their review resType (spec §7 pending counts). */
export const reviewResources: ReadonlyMap<
  string,
  ResourceDef & { storage: { table: 'content'; kind: string }; review: NonNullable<ResourceDef['review']> }
> = new Map(
  [...contentResources.values()]
    .filter((d): d is typeof d & { review: NonNullable<ResourceDef['review']> } => !!d.review)
    .map((d) => [d.review.resType, d]),
)

/** The review-centre path segment of a resType: `/api/verify-center/<segment>` (video_collection → video-collection). */
export const reviewPathSegment = (resType: string) => resType.replaceAll('_', '-')
