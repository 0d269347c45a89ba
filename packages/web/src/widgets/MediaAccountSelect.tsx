import type { MediaAccount } from '@moc/domain/api/mediaAccounts'
import { api } from '../api/client.ts'
import { PagedSelect } from './PagedSelect.tsx'
import type { PickerProps } from './TagSelect.tsx'
import type { Paged } from './usePagedQuery.ts'

const listAccounts = (query: Record<string, string | number | undefined>) =>
  api.get<Paged<MediaAccount>>('/api/mediaAccount/list', query)

/** The media accounts of `ids` the caller may see. */
export const mediaAccountsByIds = async (ids: number[]) =>
  (await listAccounts({ ids: ids.join(','), pageSize: ids.length })).items

/** One 媒体号 as a paged select of usable accounts (spec §7: state 1, verifyState 1, content = name). */
export function MediaAccountSelect({ label, ...rest }: PickerProps) {
  return (
    <PagedSelect
      {...rest}
      listKey="mediaAccounts"
      placeholder={`请选择${label}`}
      fetchPage={({ page, pageSize, keyword }) =>
        listAccounts({ page, pageSize, state: 1, verifyState: 1, content: keyword || undefined })
      }
      fetchByIds={mediaAccountsByIds}
    />
  )
}
