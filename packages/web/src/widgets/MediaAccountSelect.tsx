import type { MediaAccount } from '@moc/domain/api/mediaAccounts'
import { MEDIA_ACCOUNT_STATES } from '@moc/domain/resources/media/mediaAccount'
import { api } from '../api/client.ts'
import { PagedSelect } from './PagedSelect.tsx'
import type { PickOption } from './recentPicks.ts'
import type { PickerProps } from './TagSelect.tsx'
import type { Paged } from './usePagedQuery.ts'

const listAccounts = (query: Record<string, string | number | undefined>) =>
  api.get<Paged<MediaAccount>>('/api/mediaAccount/list', query)

/** The media accounts of `ids` the caller may see. */
export const mediaAccountsByIds = async (ids: number[]) =>
  (await listAccounts({ ids: ids.join(','), pageSize: ids.length })).items

/** An account as an option: a locked or frozen one says so after its name. */
const optionOf = (a: MediaAccount): PickOption => ({
  id: a.id,
  name:
    a.state === 'normal'
      ? a.name
      : `${a.name}（${MEDIA_ACCOUNT_STATES[a.state as keyof typeof MEDIA_ACCOUNT_STATES] ?? a.state}）`,
})

/**
 * One 媒体号 as a paged select (spec §7: page, pageSize 10, content = name). A content form picks among usable
 * accounts (state 1 正常, verifyState 1 approved); `anyState` (a screen about an account's things, /mediaContent)
 * offers every account the caller may see, whatever its state ('normal' | 'locked' | 'frozen') or review.
 */
export function MediaAccountSelect({
  label,
  anyState = false,
  ...rest
}: PickerProps & { anyState?: boolean }) {
  return (
    <PagedSelect
      {...rest}
      listKey={anyState ? 'mediaAccounts:any' : 'mediaAccounts'}
      placeholder={`请选择${label}`}
      fetchPage={async ({ page, pageSize, keyword }) => {
        const usable = anyState ? {} : { state: 1, verifyState: 1 }
        const found = await listAccounts({ page, pageSize, ...usable, content: keyword || undefined })
        return { ...found, items: found.items.map(optionOf) }
      }}
      fetchByIds={async (ids) => (await mediaAccountsByIds(ids)).map(optionOf)}
    />
  )
}
