import { Breadcrumb, Button, Flex } from 'antd'
import type { MediaView } from './useMediaBrowser.ts'

interface Props {
  view: MediaView
  onBack: () => void
  onBackTo: (depth: number) => void
}

/** <返回上一级 and the folder path (全部文件 / A / B); each crumb goes back to that level. */
export function MediaFolderNav({ view, onBack, onBackTo }: Props) {
  if (!view.stack.length) return null
  const crumbs = [
    { title: '全部文件', depth: -1 },
    ...view.stack.map((l, i) => ({ title: l.title, depth: i })),
  ]
  return (
    <Flex align="center" gap={12} className="moc-media-nav">
      <Button type="link" size="small" onClick={onBack}>
        &lt;返回上一级
      </Button>
      <Breadcrumb
        items={crumbs.map((c, i) => ({
          key: c.depth,
          title:
            i === crumbs.length - 1 ? (
              c.title
            ) : (
              <Button type="link" size="small" onClick={() => onBackTo(c.depth)}>
                {c.title}
              </Button>
            ),
        }))}
      />
    </Flex>
  )
}
