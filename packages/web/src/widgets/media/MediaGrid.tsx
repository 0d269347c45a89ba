import {
  AudioOutlined,
  FileOutlined,
  FolderFilled,
  PlayCircleFilled,
  VideoCameraOutlined,
} from '@ant-design/icons'
import { type MediaItem, mediaMessages } from '@moc/domain/api/mediaLibrary'
import { Checkbox, Empty, Flex, Radio, Spin, Typography } from 'antd'
import type { ReactNode } from 'react'
import './mediaGrid.css'

interface Props {
  items: MediaItem[]
  loading: boolean
  onOpenFolder: (item: MediaItem) => void
  /** Without a selection mode, a click on a file (e.g. the library's preview). */
  onOpenFile?: (item: MediaItem) => void
  /** With a selection mode, files show a radio (single) or checkbox (multiple). */
  selection?: { multiple: boolean; selected: number[]; onToggle: (item: MediaItem) => void }
  /** Per-item actions (the library's rename, move, delete, download). */
  actions?: (item: MediaItem) => ReactNode
}

function Thumb({ item }: { item: MediaItem }) {
  if (item.type === 'dir') return <FolderFilled className="moc-media-icon moc-media-folder" />
  // A .pag has no still picture to show (it animates in the preview).
  const pag = item.type === 'image' && /\.pag$/i.test(item.path)
  const picture = item.type === 'image' && !pag ? item.coverUrl || item.path : item.coverUrl
  const body = pag ? (
    <span className="moc-media-icon moc-media-pag">PAG</span>
  ) : picture ? (
    <img src={picture} alt={item.title} loading="lazy" />
  ) : item.type === 'video' ? (
    <VideoCameraOutlined className="moc-media-icon" />
  ) : item.type === 'audio' ? (
    <AudioOutlined className="moc-media-icon" />
  ) : (
    <FileOutlined className="moc-media-icon" />
  )
  return (
    <>
      {body}
      {item.type === 'video' || item.type === 'audio' ? (
        <PlayCircleFilled className="moc-media-play" aria-label="播放" />
      ) : null}
      {item.state === 'processing' && item.type !== 'image' ? (
        <span className="moc-media-state">转码中</span>
      ) : null}
      {item.state === 'failed' ? <span className="moc-media-state moc-media-failed">处理失败</span> : null}
    </>
  )
}

/** The thumbnail grid of a media list (spec §2): folders open on click; play overlay on video and audio. */
export function MediaGrid({ items, loading, onOpenFolder, onOpenFile, selection, actions }: Props) {
  if (!items.length)
    return loading ? (
      <Flex justify="center" className="moc-media-empty">
        <Spin tip="加载中..." />
      </Flex>
    ) : (
      <Empty className="moc-media-empty" description={mediaMessages.empty} />
    )
  return (
    <div className="moc-media-grid" aria-busy={loading}>
      {items.map((item) => {
        const selected = selection?.selected.includes(item.id) ?? false
        const pick = () =>
          item.type === 'dir' ? onOpenFolder(item) : selection ? selection.onToggle(item) : onOpenFile?.(item)
        return (
          <div
            key={item.id}
            className={`moc-media-card${selected ? ' moc-media-selected' : ''}`}
            data-testid={`media-item-${item.id}`}
            title={item.title}
          >
            <button type="button" className="moc-media-thumb" onClick={pick} aria-label={item.title}>
              <Thumb item={item} />
            </button>
            <Flex align="center" gap={4} className="moc-media-caption">
              {selection && item.type !== 'dir' ? (
                selection.multiple ? (
                  <Checkbox checked={selected} onChange={() => selection.onToggle(item)} />
                ) : (
                  <Radio checked={selected} onChange={() => selection.onToggle(item)} />
                )
              ) : null}
              <Typography.Text ellipsis className="moc-media-title">
                {item.title}
              </Typography.Text>
            </Flex>
            {actions ? <div className="moc-media-actions">{actions(item)}</div> : null}
          </div>
        )
      })}
    </div>
  )
}
