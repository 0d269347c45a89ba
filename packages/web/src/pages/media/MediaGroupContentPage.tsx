import { Alert, Card, Flex } from 'antd'
import { Link } from 'react-router'
import CirclesContentPage from '../community/CirclesContentPage.tsx'
import { useOwnerId } from '../community/PostsOfList.tsx'
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
  const circleId = useOwnerId('circleId')
  const back = { to: mediaContentUrl(id, 'circle'), label: '返回媒体号圈子' }
  return (
    <Flex vertical gap={16}>
      <AccountHeader id={id} title="圈子内容" back={back} />
      {circleId === undefined ? (
        // Without a circle /groupContent makes a new one; here there is nothing to show.
        <Card>
          <Alert
            type="warning"
            showIcon
            title="请从媒体号内容的圈子页签选择圈子"
            action={<Link to={back.to}>前往媒体号圈子</Link>}
          />
        </Card>
      ) : (
        <CirclesContentPage />
      )}
    </Flex>
  )
}
