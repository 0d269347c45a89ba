import { post } from '@moc/domain/resources/community/post'
import { useQuery } from '@tanstack/react-query'
import { Card, Descriptions, Flex, Image, Tag, Typography } from 'antd'
import { Fragment, lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { reviewApi } from '../../engine/review.ts'

const ReviewDetail = lazy(() =>
  import('../../engine/ReviewDetail.tsx').then((m) => ({ default: m.ReviewDetail })),
)

interface PostFields {
  title?: string
  body?: string
  images?: string[]
  video?: string
  hitWords?: string[]
}

/** The text with each of `words` marked (the sensitive words that held the post), in order of appearance. */
export function markedText(text: string, words: readonly string[]) {
  const found = words.filter(Boolean)
  if (!found.length) return [text]
  const escaped = found.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return text.split(new RegExp(`(${escaped.join('|')})`, 'g')).map((part, i) =>
    found.includes(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
      <mark key={i}>{part}</mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
      <Fragment key={i}>{part}</Fragment>
    ),
  )
}

/**
 * 帖子审核详情 (spec §2 /postAuditDetail; decision 0042): what the app user posted as the app would show it — the
 * text with the sensitive words that held it marked, the pictures, the video — above the engine's review detail
 * (its fields, 修改对比, 审核记录, 通过 / 驳回).
 */
export default function PostsAuditDetailPage() {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  const flow = reviewApi(post)
  // The same query as the review detail below: one request for both.
  const item = useQuery({
    queryKey: ['resource-detail', post.name, id, 'review'],
    queryFn: () => api.get<{ fields?: PostFields }>(flow.detail, { id }),
    enabled: id !== undefined,
  })
  const f = item.data?.fields
  return (
    <Flex vertical gap={16}>
      {f ? (
        <Card title="帖子内容">
          <Descriptions bordered size="small" column={1}>
            {f.title ? <Descriptions.Item label="标题">{f.title}</Descriptions.Item> : null}
            <Descriptions.Item label="正文">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {markedText(f.body ?? '', f.hitWords ?? [])}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="命中敏感词">
              {f.hitWords?.length
                ? f.hitWords.map((w) => (
                    <Tag key={w} color="red">
                      {w}
                    </Tag>
                  ))
                : '无'}
            </Descriptions.Item>
            <Descriptions.Item label={`图片（${f.images?.length ?? 0}张）`}>
              {f.images?.length ? (
                <Image.PreviewGroup>
                  <Flex gap={8} wrap>
                    {f.images.map((src) => (
                      <Image
                        key={src}
                        src={src}
                        width={120}
                        height={120}
                        style={{ objectFit: 'cover' }}
                        alt="帖子图片"
                      />
                    ))}
                  </Flex>
                </Image.PreviewGroup>
              ) : (
                '--'
              )}
            </Descriptions.Item>
            <Descriptions.Item label="视频">
              {f.video ? (
                // biome-ignore lint/a11y/useMediaCaption: a user's upload has no captions
                <video
                  src={f.video}
                  controls
                  preload="metadata"
                  style={{ maxWidth: 480 }}
                  aria-label="帖子视频"
                />
              ) : (
                '--'
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      <Suspense fallback={null}>
        <ReviewDetail def={post} />
      </Suspense>
    </Flex>
  )
}
