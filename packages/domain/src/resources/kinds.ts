/**
 * The content kinds of the glossary, sharing the `content` table; also exactly the kinds whose view counts
 * are shown (spec §3). Only those with a definition are served yet.
 */
export const CONTENT_KINDS = [
  'article',
  'video',
  'video_collection',
  'audio_collection',
  'image_collection',
  'subject',
  'stream',
  'discuss',
] as const
