import { FolderAddOutlined, FolderOpenOutlined, UploadOutlined } from '@ant-design/icons'
import {
  MEDIA_PAGE_SIZE,
  type MediaFileType,
  type MediaItem,
  mediaFileTypes,
  mediaMessages,
  mediaTypeLabels,
} from '@moc/domain/api/mediaLibrary'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Pagination, Tabs, Upload } from 'antd'
import { useState } from 'react'
import { ApiError, api } from '../../api/client.ts'
import { downloadFile } from '../../api/download.ts'
import { currentGrant } from '../../api/session.ts'
import { MediaFilterBar } from '../../widgets/media/MediaFilterBar.tsx'
import { MediaFolderNav } from '../../widgets/media/MediaFolderNav.tsx'
import { MediaGrid } from '../../widgets/media/MediaGrid.tsx'
import { MediaNameDialog } from '../../widgets/media/MediaNameDialog.tsx'
import {
  initialView,
  MEDIA_FILES_KEY,
  type MediaView,
  useMediaBrowser,
} from '../../widgets/media/useMediaBrowser.ts'
import { useMediaPreview } from '../../widgets/media/useMediaPreview.tsx'
import { MediaCategoryDialog } from './mediaLibrary/MediaCategoryDialog.tsx'
import { ALL_CATEGORIES, MediaCategoryPanel } from './mediaLibrary/MediaCategoryPanel.tsx'
import { MediaClipDialog } from './mediaLibrary/MediaClipDialog.tsx'
import { MediaMoveDialog } from './mediaLibrary/MediaMoveDialog.tsx'
import { MediaUsageLink } from './mediaLibrary/MediaUsageLink.tsx'
import { useMediaUpload } from './mediaLibrary/useMediaUpload.ts'

const PAGE = '媒体资源库管理'

/**
 * 媒体资源库 (/mediaLibrary, spec §2, §6 查看 添加 编辑 删除 下载 视频剪辑): a tab per file type, the category tree,
 * its management, folders with a path, a thumbnail grid of 28 a page, "only mine", date range and keyword; upload, new folder,
 * rename, move, delete (confirming, and naming the content that uses a file), download and 视频剪辑.
 */
export default function MediaLibraryPage() {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const grant = currentGrant()
  const may = {
    add: can(grant, PAGE, '添加'),
    edit: can(grant, PAGE, '编辑'),
    remove: can(grant, PAGE, '删除'),
    download: can(grant, PAGE, '下载'),
    clip: can(grant, PAGE, '视频剪辑'),
  }
  const [type, setType] = useState<MediaFileType>('image')
  const [views, setViews] = useState<Partial<Record<MediaFileType, MediaView>>>({})
  const view = views[type] ?? initialView(type)
  const setView = (next: MediaView) => setViews((v) => ({ ...v, [type]: next }))
  const browser = useMediaBrowser(view, setView)
  const [naming, setNaming] = useState<{ item: MediaItem | null } | null>(null)
  const [moving, setMoving] = useState<MediaItem | null>(null)
  const [clipping, setClipping] = useState<MediaItem | null>(null)
  const [filing, setFiling] = useState<MediaItem | null>(null)
  const preview = useMediaPreview()
  const parentId = browser.folder?.id ?? 0
  const refresh = () => queryClient.invalidateQueries({ queryKey: [MEDIA_FILES_KEY] })
  // Uploads while a category is selected are filed into it.
  const upload = useMediaUpload(type, parentId, view.categoryId, refresh)

  const fail = (err: unknown) => message.error((err as Error).message, TOAST_ERROR_S)

  const remove = async (item: MediaItem, confirm = false): Promise<void> => {
    try {
      await api.post('/api/resource/delete/file', { ids: [item.id], confirm })
      message.success(mediaMessages.removed, TOAST_SUCCESS_S)
      await refresh()
    } catch (err) {
      // A file in use: the server names the content; deleting anyway needs a second, explicit yes.
      if (!(err instanceof ApiError && Array.isArray(err.data) && err.data.length && !confirm))
        return void fail(err)
      modal.confirm({
        title: '文件正在被使用',
        content: err.message,
        okText: '仍然删除',
        cancelText: '取消',
        okButtonProps: { danger: true },
        onOk: () => remove(item, true),
      })
    }
  }

  const confirmRemove = (item: MediaItem) =>
    modal.confirm({
      title: '提示',
      content: `确定删除${item.type === 'dir' ? '文件夹' : '文件'}「${item.title}」？删除后不可恢复`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => remove(item),
    })

  const saveName = async (name: string) => {
    const item = naming?.item
    try {
      if (item) await api.post('/api/resource/modify', { id: item.id, title: name })
      else await api.post('/api/resource/add/file', { type: 'dir', title: name, parentId, folderType: type })
      message.success(item ? mediaMessages.modified : mediaMessages.added, TOAST_SUCCESS_S)
      setNaming(null)
      await refresh()
    } catch (err) {
      fail(err)
    }
  }

  const move = async (target: number) => {
    try {
      await api.post('/api/resource/modify', { id: moving!.id, parentId: target })
      message.success(mediaMessages.modified, TOAST_SUCCESS_S)
      setMoving(null)
      await refresh()
    } catch (err) {
      fail(err)
    }
  }

  const fileInto = async (categoryId: number) => {
    try {
      await api.post('/api/resource/category/files', { ids: [filing!.id], categoryId })
      message.success(mediaMessages.modified, TOAST_SUCCESS_S)
      setFiling(null)
      await refresh()
    } catch (err) {
      fail(err)
    }
  }

  const reprocess = (item: MediaItem) =>
    api
      .post('/api/resource/process', { id: item.id })
      .then(() => {
        message.success(mediaMessages.processing, TOAST_SUCCESS_S)
        return refresh()
      })
      .catch(fail)

  const clip = (values: { title: string; start: number; end: number }) =>
    api
      .post('/api/resource/clip', { id: clipping!.id, ...values })
      .then(() => {
        message.success(mediaMessages.clipSubmitted, TOAST_SUCCESS_S)
        setClipping(null)
        return refresh()
      })
      .catch(fail)

  const download = (item: MediaItem) =>
    downloadFile('/api/resource/download', { id: item.id }, item.title).catch(fail)

  const actions = (item: MediaItem) => (
    <>
      {may.edit ? (
        <Button type="link" size="small" onClick={() => setNaming({ item })}>
          重命名
        </Button>
      ) : null}
      {may.edit ? (
        <Button type="link" size="small" onClick={() => setMoving(item)}>
          移动
        </Button>
      ) : null}
      {may.edit && item.type !== 'dir' ? (
        <Button type="link" size="small" onClick={() => setFiling(item)}>
          分类
        </Button>
      ) : null}
      {may.edit && (item.type === 'video' || item.type === 'audio' || item.state === 'failed') ? (
        <Button type="link" size="small" onClick={() => reprocess(item)}>
          重新转码
        </Button>
      ) : null}
      {may.clip && item.type === 'video' && item.transcodeUrl ? (
        <Button type="link" size="small" onClick={() => setClipping(item)}>
          视频剪辑
        </Button>
      ) : null}
      {may.download && item.type !== 'dir' ? (
        <Button type="link" size="small" onClick={() => download(item)}>
          下载
        </Button>
      ) : null}
      {may.remove ? (
        <Button type="link" size="small" danger onClick={() => confirmRemove(item)}>
          删除
        </Button>
      ) : null}
      {item.usedNum ? <MediaUsageLink item={item} /> : null}
    </>
  )

  return (
    <Card>
      <Tabs
        activeKey={type}
        onChange={(t) => setType(t as MediaFileType)}
        items={mediaFileTypes.map((t) => ({ key: t, label: mediaTypeLabels[t] }))}
      />
      <Flex gap={16} align="start">
        <MediaCategoryPanel
          selected={view.categoryId}
          onSelect={(categoryId) => setView({ ...view, categoryId, page: 1, stack: [] })}
          may={may}
        />
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} wrap justify="space-between">
            <MediaFilterBar filters={view.filters} total={browser.total} onSearch={browser.search} />
            {may.add ? (
              <Flex gap={8}>
                <Button
                  icon={<FolderAddOutlined />}
                  disabled={view.categoryId !== ALL_CATEGORIES}
                  onClick={() => setNaming({ item: null })}
                >
                  新建文件夹
                </Button>
                <Upload {...upload.folder}>
                  <Button icon={<FolderOpenOutlined />}>上传文件夹</Button>
                </Upload>
                <Upload {...upload.files}>
                  <Button type="primary" icon={<UploadOutlined />}>
                    上传{mediaTypeLabels[type]}
                  </Button>
                </Upload>
              </Flex>
            ) : null}
          </Flex>
          <MediaFolderNav view={view} onBack={browser.back} onBackTo={browser.backTo} />
          <MediaGrid
            items={browser.items}
            loading={browser.list.isFetching}
            onOpenFolder={browser.openFolder}
            onOpenFile={preview.open}
            actions={actions}
          />
          <Flex justify="end">
            <Pagination
              current={view.page}
              pageSize={MEDIA_PAGE_SIZE}
              total={browser.total}
              showSizeChanger={false}
              showQuickJumper
              showTotal={(n) => `共 ${n} 条`}
              onChange={browser.setPage}
            />
          </Flex>
        </Flex>
      </Flex>
      <MediaNameDialog
        open={!!naming}
        title={naming?.item ? '重命名' : '新建文件夹'}
        label={naming?.item ? '名称' : '文件夹名称'}
        initial={naming?.item?.title ?? ''}
        required={
          naming?.item && naming.item.type !== 'dir'
            ? mediaMessages.titleRequired
            : mediaMessages.folderNameRequired
        }
        onCancel={() => setNaming(null)}
        onSubmit={saveName}
      />
      {preview.dialog}
      <MediaClipDialog item={clipping} onCancel={() => setClipping(null)} onSubmit={clip} />
      <MediaCategoryDialog item={filing} onCancel={() => setFiling(null)} onSubmit={fileInto} />
      <MediaMoveDialog item={moving} type={type} onCancel={() => setMoving(null)} onSubmit={move} />
    </Card>
  )
}
