import { mediaOperator } from '@moc/domain/resources/media/mediaOperator'
import { Button, Flex } from 'antd'
import { lazy, Suspense } from 'react'
import { useNavigate } from 'react-router'
import { AccountHeader } from './AccountHeader.tsx'
import { AccountList } from './AccountList.tsx'
import { useAccountParam } from './useAccountParam.ts'

const ResourceList = lazy(() =>
  import('../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

const PATH = '/mediasOperator'

/**
 * 媒体号运营者 (spec §2 /mediasOperator; decision 0043): the engine's operator list. Named by an account
 * (`?mediaAccountId=`, from its detail), the list is that account's, kept so through 重置 and saves, and 新增运营者
 * starts on it; 全部运营者 goes back to everyone's.
 */
export default function MediasOperatorPage() {
  const { id, forget } = useAccountParam()
  const navigate = useNavigate()
  if (id === undefined)
    return (
      <Suspense fallback={null}>
        <ResourceList def={mediaOperator} />
      </Suspense>
    )
  return (
    <Flex vertical gap={16}>
      <AccountHeader
        id={id}
        title="运营者"
        back={{ to: `/mediasDetail?id=${id}`, label: '返回媒体号详情' }}
        extra={
          <Button
            size="small"
            onClick={() => {
              forget()
              void navigate(PATH)
            }}
          >
            全部运营者
          </Button>
        }
      />
      <AccountList def={mediaOperator} accountId={id} />
    </Flex>
  )
}
