import type { MediaCategoryNode, MediaItem } from '@moc/domain/api/mediaLibrary'
import { Form, Modal, TreeSelect } from 'antd'
import { useEffect, useState } from 'react'
import { useMediaCategories } from '../../../widgets/media/mediaCategories.ts'

interface Option {
  value: number
  title: string
  children: Option[]
}

const NO_CATEGORY = 0

interface Props {
  item: MediaItem | null
  onCancel: () => void
  onSubmit: (categoryId: number) => Promise<unknown>
}

/** 设置分类: files a library file into a category of the tree, or into none (无分类). */
export function MediaCategoryDialog({ item, onCancel, onSubmit }: Props) {
  const categories = useMediaCategories(!!item)
  const [target, setTarget] = useState(NO_CATEGORY)
  useEffect(() => {
    if (item) setTarget(item.categoryId)
  }, [item])
  const options: Option[] = [
    { value: NO_CATEGORY, title: '无分类', children: [] },
    ...(categories.data?.items ?? []).map(function option(c: MediaCategoryNode): Option {
      return { value: c.id, title: c.name, children: c.children.map(option) }
    }),
  ]
  return (
    <Modal
      open={!!item}
      title="设置分类"
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => onSubmit(target)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="分类" htmlFor="media-category-target">
          <TreeSelect<number>
            id="media-category-target"
            style={{ width: '100%' }}
            treeData={options}
            value={target}
            treeDefaultExpandAll
            onChange={setTarget}
            notFoundContent="暂无数据"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
