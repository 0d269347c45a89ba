import {
  CloseOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  DownOutlined,
  RedoOutlined,
  UpOutlined,
} from '@ant-design/icons'
import { shortenFileName } from '@moc/domain/rules/upload'
import { App, Badge, Button, Flex, Popconfirm, Progress, Typography } from 'antd'
import { useEffect, useState } from 'react'
import '../widgets/upload.css'
import {
  formatSize,
  PANEL_AUTO_CLOSE_MS,
  panelClosesItself,
  panelTitle,
  progressMarker,
} from '../widgets/uploadLayout.ts'
import { type UploadItem, uploadStore, useUploads } from '../widgets/uploadStore.ts'

function UploadRow({ item }: { item: UploadItem }) {
  const marker = progressMarker(item.status, item.loaded, item.size)
  const percent = item.status === 'active' ? Number(marker) : 100
  return (
    <li className="moc-upload-panel__item" data-status={item.status}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text title={item.name} className="moc-upload-panel__name">
          {shortenFileName(item.name)}
        </Typography.Text>
        <Flex gap={4} align="center">
          {item.status === 'error' ? (
            <Button
              size="small"
              type="link"
              icon={<RedoOutlined />}
              onClick={() => uploadStore.retry(item.id)}
            >
              重试
            </Button>
          ) : null}
          {item.status === 'active' ? (
            <Popconfirm
              title="删除后将不可恢复，确认删除?"
              okText="确定"
              cancelText="取消"
              onConfirm={() => uploadStore.remove(item.id)}
            >
              <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={`删除 ${item.name}`} />
            </Popconfirm>
          ) : (
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={`删除 ${item.name}`}
              onClick={() => uploadStore.remove(item.id)}
            />
          )}
        </Flex>
      </Flex>
      <Progress
        percent={percent}
        size="small"
        status={item.status === 'error' ? 'exception' : item.status === 'success' ? 'success' : 'active'}
        aria-label={`${item.name} 上传进度`}
      />
      <Flex justify="space-between" className="moc-upload-panel__meta">
        <span>
          {item.status === 'active' ? formatSize(item.loaded) : null}
          {item.status === 'active' ? ' / ' : null}
          {formatSize(item.size)}
        </span>
        <span>
          {item.status === 'active'
            ? `${formatSize(item.rate)}/s`
            : item.status === 'success'
              ? '上传成功'
              : (item.error ?? '上传失败')}
        </span>
      </Flex>
    </li>
  )
}

/**
 * The top bar's upload progress panel (spec §2, §5): every upload of this tab with its progress, one title
 * for the whole list, cancel and retry per item; closing while something runs cancels everything after a
 * warning. It closes on its own a few seconds after every upload succeeded and stays open on a failure.
 */
export function UploadProgressSlot() {
  const items = useUploads()
  const { modal } = App.useApp()
  const [open, setOpen] = useState(true)
  const [expanded, setExpanded] = useState(true)
  // The pointer or focus in the panel holds it open: it does not close under the user's hand.
  const [held, setHeld] = useState(false)
  const statuses = items.map((i) => i.status)
  const newest = items.at(-1)?.id
  const failed = statuses.filter((s) => s === 'error').length
  const closesItself = panelClosesItself(statuses)
  // A new upload and a failure show the panel again; once everything succeeded it closes on its own, so it does not
  // cover the page (the top-bar button still opens it).
  useEffect(() => {
    if (newest !== undefined) setOpen(true)
  }, [newest])
  useEffect(() => {
    if (failed > 0) setOpen(true)
  }, [failed])
  useEffect(() => {
    if (!closesItself || held) return
    const timer = setTimeout(() => setOpen(false), PANEL_AUTO_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [closesItself, held])
  if (items.length === 0) return null
  const title = panelTitle(statuses)
  const running = items.filter((i) => i.status === 'active').length

  const close = () => {
    if (running === 0) return uploadStore.clear()
    modal.confirm({
      title: '提示',
      content: '当前还有后台上传任务，删除后将不可恢复',
      okText: '确定',
      cancelText: '取消',
      onOk: () => uploadStore.clear(),
    })
  }

  return (
    <>
      <Badge count={running} size="small">
        <Button
          type="text"
          className="moc-topbar__btn"
          icon={<CloudUploadOutlined />}
          aria-label="上传列表"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        />
      </Badge>
      {open ? (
        <section
          className="moc-upload-panel"
          aria-label="上传列表"
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <Flex justify="space-between" align="center" className="moc-upload-panel__head">
            <Typography.Text strong>{title}</Typography.Text>
            <Flex gap={2}>
              <Button
                size="small"
                type="text"
                icon={expanded ? <DownOutlined /> : <UpOutlined />}
                aria-label={expanded ? '收起上传列表' : '展开上传列表'}
                onClick={() => setExpanded(!expanded)}
              />
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label="关闭上传列表"
                onClick={close}
              />
            </Flex>
          </Flex>
          {expanded ? (
            <ul className="moc-upload-panel__list">
              {items.map((item) => (
                <UploadRow key={item.id} item={item} />
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </>
  )
}
