import { Flex } from 'antd'
import CirclesContentPage from '../community/CirclesContentPage.tsx'
import { AccountHeader } from './AccountHeader.tsx'
import { mediaContentUrl } from './mediaContentTabs.ts'
import { useAccountParam } from './useAccountParam.ts'

/**
 * 媒体号圈子内容 (spec §2 /mediaGroupContent?id=<circleId>&mediaAccountId=; decision 0043): a circle related to the
 * account, as /groupContent shows it (summary, topped posts, its posts), under the account's header with the way back
 * to its 圈子 tab. The account is remembered while the post list rewrites the URL.
 */
export default function MediaGroupContentPage() {
  const { id } = useAccountParam()
  return (
    <Flex vertical gap={16}>
      <AccountHeader
        id={id}
        title="圈子内容"
        back={{ to: mediaContentUrl(id, 'circle'), label: '返回媒体号圈子' }}
      />
      <CirclesContentPage />
    </Flex>
  )
}
