import { post } from '@moc/domain/resources/community/post'
import { topic } from '@moc/domain/resources/community/topic'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Descriptions, Flex, Tag } from 'antd'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { api } from '../../api/client.ts'
import { listQueryKey } from '../../engine/useResourceList.ts'
import { EditOwner, type OwnerDetail } from './CirclesContentPage.tsx'
import { PostsOfList, useOwnerId } from './PostsOfList.tsx'

const ResourceForm = lazy(() =>
  import('../../engine/ResourceForm.tsx').then((m) => ({ default: m.ResourceForm })),
)

/**
 * 话题内容 (spec §2 /topicContent?id=; decision 0042): the topic at a glance, a way to the comments on its posts
 * (/topicComment), and its posts (the engine's post list, filtered by the topic).
 */
export default function TopicsContentPage() {
  const id = useOwnerId('topicId')
  const item = useQuery({
    queryKey: [...listQueryKey(post), 'topic', id],
    queryFn: () => api.get<OwnerDetail>(`/api/${topic.name}/detail`, { id }),
    enabled: id !== undefined,
  })
  // Without a topic this is where a new one is made (the list's 新增话题).
  if (id === undefined)
    return (
      <Suspense fallback={null}>
        <ResourceForm def={topic} />
      </Suspense>
    )
  const f = item.data?.fields ?? {}
  return (
    <Flex vertical gap={16}>
      {item.error ? <Alert type="error" showIcon title={item.error.message} /> : null}
      <Card
        title={`话题：#${String(f.name ?? '')}#`}
        loading={item.isLoading}
        extra={
          <Flex gap={12} align="center">
            <Link to={`/topicComment?id=${id}`}>话题评论</Link>
            <EditOwner def={topic} id={id} />
          </Flex>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="简介">{String(f.intro || '--')}</Descriptions.Item>
          <Descriptions.Item label="帖子数">{String(f.posts ?? 0)}</Descriptions.Item>
          <Descriptions.Item label="状态">
            {item.data?.showState === false ? <Tag>隐藏</Tag> : <Tag color="blue">显示</Tag>}
            {f.recommend ? <Tag color="gold">推荐</Tag> : null}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <PostsOfList field="topicId" id={id} />
    </Flex>
  )
}
