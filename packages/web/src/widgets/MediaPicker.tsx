import {
  MEDIA_PAGE_SIZE,
  type MediaFileType,
  type MediaItem,
  type MediaPick,
  mediaMessages,
  mediaPickOf,
  recordingCategories,
} from '@moc/domain/api/mediaLibrary'
import { TOAST_ERROR_S } from '@moc/domain/constants'
import { App, Button, Flex, Modal, Pagination, Select, Tabs } from 'antd'
import { useState } from 'react'
import { MediaFilterBar } from './media/MediaFilterBar.tsx'
import { MediaFolderNav } from './media/MediaFolderNav.tsx'
import { MediaGrid } from './media/MediaGrid.tsx'
import { useMediaCategories } from './media/mediaCategories.ts'
import { initialView, type MediaView, useMediaBrowser } from './media/useMediaBrowser.ts'
import { useMediaPreview } from './media/useMediaPreview.tsx'

/** What the picker emits (spec §4): a path for one allowed type, else an object; a list when multiple. */
export type MediaPickerValue = string | MediaPick | (string | MediaPick)[]

interface Props {
  open: boolean
  /** The file types the field accepts; only their tabs show (recordings with video / audio). */
  types: readonly MediaFileType[]
  multiple?: boolean
  /** Emit the stored file's own path rather than its transcode (the editor keeps the original mp4/mp3). */
  originals?: boolean
  onCancel: () => void
  onConfirm: (value: MediaPickerValue) => void
}

interface Tab {
  key: string
  label: string
  type: MediaFileType
  categoryId: number
}

const typeTabs: Tab[] = [
  { key: 'image', label: '图片', type: 'image', categoryId: 0 },
  { key: 'video', label: '视频', type: 'video', categoryId: 0 },
  { key: 'audio', label: '音频', type: 'audio', categoryId: 0 },
  ...recordingCategories.map((c) => ({
    key: `category-${c.id}`,
    label: c.name,
    type: c.type,
    categoryId: c.id,
  })),
]

/**
 * 媒资库 picker (spec §2 media picker, §4, §5 picker confirm; 1024 px): tabs of the allowed types and the
 * recording sources, "only mine" on by default, folders with a stack, single or multiple selection. Each tab
 * keeps its place (folder, page, filters) while another is shown.
 */
export function MediaPicker({
  open,
  types,
  multiple = false,
  originals = false,
  onCancel,
  onConfirm,
}: Props) {
  const { message } = App.useApp()
  const tabs = typeTabs.filter((t) => types.includes(t.type))
  const [active, setActive] = useState(tabs[0]?.key ?? 'image')
  const [views, setViews] = useState<Record<string, MediaView>>({})
  const [picked, setPicked] = useState<MediaItem[]>([])
  const tab = tabs.find((t) => t.key === active) ?? tabs[0]!
  const view = views[tab.key] ?? initialView(tab.type, tab.categoryId)
  const setView = (next: MediaView) => setViews((v) => ({ ...v, [tab.key]: next }))
  const browser = useMediaBrowser(view, setView, open)
  const categories = useMediaCategories(open && tab.categoryId > 0)
  const sources = categories.data?.items.find((c) => c.id === tab.categoryId)?.children ?? []
  const preview = useMediaPreview()

  const toggle = (item: MediaItem) => {
    if (item.type === 'video' && !item.transcodeUrl) {
      message.warning(mediaMessages.notTranscoded, TOAST_ERROR_S)
      setPicked((p) => p.filter((x) => x.id !== item.id))
      return
    }
    setPicked((p) =>
      p.some((x) => x.id === item.id) ? p.filter((x) => x.id !== item.id) : multiple ? [...p, item] : [item],
    )
  }

  const confirm = () => {
    if (!picked.length) {
      message.warning(multiple ? mediaMessages.noneMultiple : mediaMessages.noneSingle, TOAST_ERROR_S)
      return
    }
    const emit = (item: MediaItem) =>
      types.length > 1 ? { ...mediaPickOf(item), ...(originals ? { url: item.path } : {}) } : item.path
    onConfirm(multiple ? picked.map(emit) : emit(picked[0]!))
    setPicked([])
  }

  return (
    <Modal
      open={open}
      title="媒资库"
      width={1024}
      onCancel={onCancel}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onCancel}>取消</Button>
          <Button type="primary" onClick={confirm}>
            确 定
          </Button>
        </Flex>
      }
    >
      <Tabs
        activeKey={tab.key}
        onChange={setActive}
        items={tabs.map((t) => ({ key: t.key, label: t.label }))}
      />
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          {tab.categoryId > 0 ? (
            <Select
              aria-label="来源"
              style={{ width: 160 }}
              value={view.categoryId}
              onChange={(categoryId) => setView({ ...view, categoryId, page: 1, stack: [] })}
              options={[
                { value: tab.categoryId, label: '全部来源' },
                ...sources.map((s) => ({ value: s.id, label: s.name })),
              ]}
            />
          ) : null}
          <MediaFilterBar filters={view.filters} total={browser.total} onSearch={browser.search} />
        </Flex>
        <MediaFolderNav view={view} onBack={browser.back} onBackTo={browser.backTo} />
        {open ? (
          <MediaGrid
            items={browser.items}
            loading={browser.list.isFetching}
            onOpenFolder={browser.openFolder}
            selection={{ multiple, selected: picked.map((p) => p.id), onToggle: toggle }}
            actions={(item) =>
              item.type === 'dir' ? null : (
                <Button type="link" size="small" onClick={() => preview.open(item)}>
                  预览
                </Button>
              )
            }
          />
        ) : null}
        <Flex justify="end">
          <Pagination
            current={view.page}
            pageSize={MEDIA_PAGE_SIZE}
            total={browser.total}
            showSizeChanger={false}
            showTotal={(n) => `共 ${n} 条`}
            onChange={browser.setPage}
          />
        </Flex>
      </Flex>
      {preview.dialog}
    </Modal>
  )
}
