import type { FieldDef } from '@moc/domain/resources/types'
import { video } from '@moc/domain/resources/video'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { fieldPayload } from '../../engine/derive.ts'
import { workflowActions } from '../../engine/review.ts'
import { sendWorkflow } from '../../engine/useWorkflow.tsx'

/**
 * Creating videos from a source (a recording, media-library items): the video definition's own fields and the
 * normal create call (POST /api/content/add, kind video), so these screens add no rule of their own. Fields left
 * out take the definition's defaults on the server.
 */
export const SOURCE_FIELDS = ['videoUrl', 'title', 'cover', 'duration', 'summary'] as const
export type SourceField = (typeof SOURCE_FIELDS)[number]

/** A source field's definition (the video definition's, typed as any field). */
export const videoField = (name: SourceField): FieldDef => video.fields[name]

/** The add body of one video from the form's values of the source fields. */
export function videoBody(values: Partial<Record<SourceField, unknown>>): Record<string, unknown> {
  const body: Record<string, unknown> = { kind: 'video' }
  for (const name of SOURCE_FIELDS)
    if (values[name] !== undefined) body[name] = fieldPayload(name, videoField(name), values[name])
  return body
}

/** The duplicate-title lookup of videos (spec §5), as the engine form calls it. */
export const VIDEO_SAME_URL = '/api/content/same'

export const createVideo = (values: Partial<Record<SourceField, unknown>>) =>
  api.post<{ id: number }>('/api/content/add', videoBody(values)).then((r) => r.id)

/** May the signed-in user submit videos for review (the 生成并提交审核 option)? */
export const maySubmitVideos = () => workflowActions(video, currentGrant()).includes('submit')

export const submitVideos = (ids: number[]) => sendWorkflow(video, 'submit', ids)

/** A title from a source address: its file name without extension (what a recording or upload is called). */
export function titleFromUrl(url: string): string {
  try {
    const name = decodeURIComponent(new URL(url, 'https://x.invalid').pathname.split('/').pop() ?? '')
    return name.replace(/\.[^.]+$/, '').slice(0, 100)
  } catch {
    return ''
  }
}
