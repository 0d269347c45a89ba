import { article } from '@moc/domain/resources/article'
import type { ResourceDef } from '@moc/domain/resources/types'
import { video } from '@moc/domain/resources/video'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Flex } from 'antd'
import { useRef } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { CommentList } from '../../engine/CommentList.tsx'
import { detailQuery } from '../../engine/prefetchForm.ts'
import { ResourceFormLoader } from '../../engine/ResourceForm.tsx'
import { AccountHeader } from './AccountHeader.tsx'
import { mediaContentUrl } from './mediaContentTabs.ts'

const idOf = (raw: string | null) => (raw && /^\d+$/.test(raw) ? Number(raw) : undefined)

/** The content item a screen names (`?id=`) and the media account it is under (its 媒体号 field). */
function useItem(def: ResourceDef) {
  const [params] = useSearchParams()
  const id = idOf(params.get('id'))
  const item = useQuery(detailQuery(def, id))
  const account = item.data?.fields.mediaAccountId
  return { id, item, accountId: typeof account === 'number' ? account : undefined }
}

/** The way back: the account's 内容 tab, else the media content screen. */
const backOf = (accountId: number | undefined) => ({
  to: mediaContentUrl(accountId),
  label: '返回媒体号内容',
})

function NoItem({ def }: { def: ResourceDef }) {
  return (
    <Card>
      <Alert
        type="warning"
        showIcon
        title={`请从媒体号内容选择要查看的${def.label}`}
        action={<Link to={mediaContentUrl(undefined)}>前往媒体号内容</Link>}
      />
    </Card>
  )
}

/**
 * /mediaArticleDetail and /mediaVideoDetail (spec §2; decision 0043): the article or video screen — the content
 * engine's form, its rules, lock, review and versions — under a header naming its media account. Saving or 取消
 * returns to the account's content rather than to the article list (the form as the engine draws it in place).
 */
function MediaItemDetail({ def }: { def: ResourceDef }) {
  const navigate = useNavigate()
  const { id, item, accountId } = useItem(def)
  const edited = useRef<() => boolean>(() => false)
  if (id === undefined) return <NoItem def={def} />
  const back = backOf(accountId)
  // Leaving with edits asks first (the form's own guard), as any screen change does.
  const leave = () => navigate(back.to)
  return (
    <Flex vertical gap={16}>
      <AccountHeader id={accountId} title={`${def.label}详情`} back={back} />
      <Card title={`${def.label}：${item.data?.title ?? ''}`}>
        <ResourceFormLoader
          def={def}
          id={id}
          host={{ kind: 'drawer', requestClose: leave, close: leave, edited, inPlace: true }}
        />
      </Card>
    </Flex>
  )
}

/** /mediaArticleComments and /mediaVideoComments: the item's comment screen, under its account's header. */
function MediaItemComments({ def }: { def: ResourceDef }) {
  const { id, accountId } = useItem(def)
  if (id === undefined) return <NoItem def={def} />
  return (
    <Flex vertical gap={16}>
      <AccountHeader id={accountId} title={`${def.label}评论`} back={backOf(accountId)} />
      <CommentList def={def} />
    </Flex>
  )
}

export const MediaArticleDetailPage = () => <MediaItemDetail def={article} />
export const MediaVideoDetailPage = () => <MediaItemDetail def={video} />
export const MediaArticleCommentsPage = () => <MediaItemComments def={article} />
export const MediaVideoCommentsPage = () => <MediaItemComments def={video} />
