import type { MediaFileType, MediaItem } from '@moc/domain/api/mediaLibrary'
import { Modal, TreeSelect } from 'antd'
import { useEffect, useState } from 'react'
import { api } from '../../../api/client.ts'
import type { Paged } from '../../../widgets/usePagedQuery.ts'

interface Node {
  id: number
  pId: number
  value: number
  title: string
  isLeaf?: boolean
  disabled?: boolean
}

/** Folders of one level (a folder holds at most a few hundred sub-folders; they come first in the list). */
async function foldersIn(type: MediaFileType, parentId: number, moving: MediaItem): Promise<Node[]> {
  const page = await api.get<Paged<MediaItem>>('/api/resource/files', {
    type,
    parentId,
    page: 1,
    pageSize: 200,
  })
  return page.items
    .filter((i) => i.type === 'dir')
    .map((f) => ({ id: f.id, pId: parentId, value: f.id, title: f.title, disabled: f.id === moving.id }))
}

interface Props {
  item: MediaItem | null
  type: MediaFileType
  onCancel: () => void
  onSubmit: (parentId: number) => Promise<unknown>
}

/** 移动: choose the target folder (全部文件 = the root) among the tab's folders, loaded level by level. */
export function MediaMoveDialog({ item, type, onCancel, onSubmit }: Props) {
  const [nodes, setNodes] = useState<Node[]>([])
  const [target, setTarget] = useState(0)
  useEffect(() => {
    if (!item) return
    setTarget(item.parentId)
    setNodes([{ id: 0, pId: -1, value: 0, title: '全部文件' }])
    foldersIn(type, 0, item).then((n) => setNodes((old) => [...old, ...n]))
  }, [item, type])
  return (
    <Modal
      open={!!item}
      title="移动到"
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => onSubmit(target)}
      destroyOnHidden
    >
      <TreeSelect<number>
        style={{ width: '100%' }}
        treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: -1 }}
        treeData={nodes}
        value={target}
        treeDefaultExpandedKeys={[0]}
        onChange={setTarget}
        loadData={async ({ value }) => {
          const id = Number(value)
          if (!item || id === 0 || nodes.some((n) => n.pId === id)) return
          const children = await foldersIn(type, id, item)
          setNodes((old) => [
            ...old.map((n) => (n.id === id && !children.length ? { ...n, isLeaf: true } : n)),
            ...children,
          ])
        }}
        aria-label="目标文件夹"
      />
    </Modal>
  )
}
