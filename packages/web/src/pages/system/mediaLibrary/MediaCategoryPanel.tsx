import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import {
  isRecordingCategory,
  MEDIA_CATEGORY_DEPTH,
  MEDIA_CATEGORY_NAME_MAX,
  type MediaCategoryNode,
  mediaMessages,
} from '@moc/domain/api/mediaLibrary'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Tooltip, Tree } from 'antd'
import { useState } from 'react'
import { api } from '../../../api/client.ts'
import { MediaNameDialog } from '../../../widgets/media/MediaNameDialog.tsx'
import { MEDIA_CATEGORIES_KEY, useMediaCategories } from '../../../widgets/media/mediaCategories.ts'

/** The tree's root entry: no category filter. */
export const ALL_CATEGORIES = 0

interface TreeNode {
  key: number
  title: string
  children: TreeNode[]
}

/** Each category's depth (1 = top level) and name, for what the buttons allow. */
function index(
  nodes: MediaCategoryNode[],
  depth = 1,
  into = new Map<number, { depth: number; name: string }>(),
) {
  for (const n of nodes) {
    into.set(n.id, { depth, name: n.name })
    index(n.children, depth + 1, into)
  }
  return into
}

interface Props {
  selected: number
  onSelect: (categoryId: number) => void
  may: { add: boolean; edit: boolean; remove: boolean }
}

/**
 * The category tree of /mediaLibrary (spec §3: three levels), filtering the list by the selected category, and
 * — with the permissions — 新建分类 below the selected one (or at the top), 重命名分类 and 删除分类 (refused by
 * the server while it holds sub-categories or files). The recording categories 1–4 stay as they are.
 */
export function MediaCategoryPanel({ selected, onSelect, may }: Props) {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const categories = useMediaCategories()
  const [naming, setNaming] = useState<'add' | 'rename' | null>(null)
  const nodes = categories.data?.items ?? []
  const known = index(nodes)
  const current = known.get(selected)
  const fixed = selected === ALL_CATEGORIES || isRecordingCategory(selected)
  const refresh = () => queryClient.invalidateQueries({ queryKey: [MEDIA_CATEGORIES_KEY] })
  const fail = (err: unknown) => message.error((err as Error).message, TOAST_ERROR_S)

  const save = async (name: string) => {
    try {
      if (naming === 'rename') await api.post('/api/resource/category/modify', { id: selected, name })
      else await api.post('/api/resource/category/add', { name, parentId: selected })
      message.success(naming === 'rename' ? mediaMessages.modified : mediaMessages.added, TOAST_SUCCESS_S)
      setNaming(null)
      await refresh()
    } catch (err) {
      fail(err)
    }
  }

  const remove = () =>
    modal.confirm({
      title: '提示',
      content: `确定删除分类「${current?.name}」？`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        api
          .post('/api/resource/category/delete', { id: selected })
          .then(() => {
            message.success(mediaMessages.removed, TOAST_SUCCESS_S)
            onSelect(ALL_CATEGORIES)
            return refresh()
          })
          .catch(fail),
    })

  const treeData: TreeNode[] = [
    {
      key: ALL_CATEGORIES,
      title: '全部分类',
      children: nodes.map(function node(c): TreeNode {
        return { key: c.id, title: c.name, children: c.children.map(node) }
      }),
    },
  ]

  return (
    <Flex vertical gap={8} style={{ width: 200, flex: 'none' }} className="moc-media-categories">
      <Tree
        // Mounted again whenever the categories (re)arrive, so defaultExpandAll shows a new one too.
        key={categories.dataUpdatedAt}
        blockNode
        defaultExpandAll
        selectedKeys={[selected]}
        treeData={treeData}
        onSelect={(keys) => onSelect(Number(keys[0] ?? ALL_CATEGORIES))}
        aria-label="分类"
      />
      <Flex gap={4} wrap>
        {may.add ? (
          <Tooltip
            title={current && current.depth >= MEDIA_CATEGORY_DEPTH ? mediaMessages.categoryTooDeep : ''}
          >
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={!!current && current.depth >= MEDIA_CATEGORY_DEPTH}
              onClick={() => setNaming('add')}
            >
              新建分类
            </Button>
          </Tooltip>
        ) : null}
        {may.edit ? (
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label="重命名分类"
            disabled={fixed}
            onClick={() => setNaming('rename')}
          />
        ) : null}
        {may.remove ? (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label="删除分类"
            disabled={fixed}
            onClick={remove}
          />
        ) : null}
      </Flex>
      <MediaNameDialog
        open={!!naming}
        title={naming === 'rename' ? '重命名分类' : current ? `新建分类（${current.name}下）` : '新建分类'}
        label="分类名称"
        initial={naming === 'rename' ? (current?.name ?? '') : ''}
        required={mediaMessages.categoryNameRequired}
        max={MEDIA_CATEGORY_NAME_MAX}
        tooLong={mediaMessages.categoryNameTooLong}
        onCancel={() => setNaming(null)}
        onSubmit={save}
      />
    </Flex>
  )
}
