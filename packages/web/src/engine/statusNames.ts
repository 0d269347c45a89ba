import { REVIEW_STATUSES, type ReviewStatusGroup } from '@moc/domain/api/reviewStatus'

/**
 * The names the console shows for review states (审核状态, /auditProcess?type=auditStatus): the configured
 * names from the content state list, else the defaults of @moc/domain/api/reviewStatus. Pure; the hook that
 * fetches them is useStatusNames.
 */
export interface StatusLabel {
  text: string
  color?: string
}

export interface StatusNames {
  /** Spec §4 numeric pre-status 0–3; undefined for any other value. */
  verifyState(v: unknown): StatusLabel | undefined
  /** Spec §4 process types; undefined for any other value (shown as '-'). */
  processType(v: unknown): StatusLabel | undefined
}

const colors: Record<string, string> = {
  'verifyState:1': 'green',
  'verifyState:2': 'red',
  'verifyState:3': 'orange',
  'processType:PENDING': 'orange',
  'processType:PASS': 'green',
  'processType:REJECT': 'red',
}

const key = (group: ReviewStatusGroup, code: string) => `${group}:${code}`

/** The labels from GET /api/content/state/list's items (anything unusable falls back to the default name). */
export function statusNames(items: unknown): StatusNames {
  const configured = new Map<number, string>()
  if (Array.isArray(items))
    for (const i of items as { id?: unknown; name?: unknown }[])
      if (typeof i?.id === 'number' && typeof i.name === 'string' && i.name.trim())
        configured.set(i.id, i.name)
  const labels = new Map<string, StatusLabel>(
    REVIEW_STATUSES.map((s) => [
      key(s.group, s.code),
      { text: configured.get(s.id) ?? s.defaultName, color: colors[key(s.group, s.code)] },
    ]),
  )
  const lookup = (group: ReviewStatusGroup, v: unknown) =>
    typeof v === 'number' || typeof v === 'string' ? labels.get(key(group, String(v))) : undefined
  return {
    verifyState: (v) => (typeof v === 'number' ? lookup('verifyState', v) : undefined),
    processType: (v) => (typeof v === 'string' ? lookup('processType', v) : undefined),
  }
}

/** The default names, before (or without) the configured ones. */
export const defaultStatusNames = statusNames(undefined)

/** A process type as text: its name, or '-' for anything else (spec §4). */
export const processTypeText = (names: StatusNames, v: unknown): string => names.processType(v)?.text ?? '-'
