import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BgColorsOutlined,
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  DisconnectOutlined,
  FontColorsOutlined,
  ItalicOutlined,
  LayoutOutlined,
  LineOutlined,
  LinkOutlined,
  MenuOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import { EDITOR_FONT_SIZES, EDITOR_LINE_HEIGHTS } from '@moc/domain/constants'
import type { Editor } from '@tiptap/core'
import { useEditorState } from '@tiptap/react'
import { Button, Divider, Dropdown, Flex, Select, Tooltip } from 'antd'
import { type ReactNode, useState } from 'react'
import { ColorButton } from './ColorButton.tsx'
import { LinkDialog } from './LinkDialog.tsx'
import { ToolbarButton } from './ToolbarButton.tsx'
import { tableActions } from './tableMenu.ts'

const HEADINGS = [
  { value: 0, label: '正文' },
  { value: 1, label: '标题1' },
  { value: 2, label: '标题2' },
  { value: 3, label: '标题3' },
  { value: 4, label: '标题4' },
] as const

const ALIGNS = [
  { value: 'left', label: '左对齐', icon: <AlignLeftOutlined /> },
  { value: 'center', label: '居中', icon: <AlignCenterOutlined /> },
  { value: 'right', label: '右对齐', icon: <AlignRightOutlined /> },
  { value: 'justify', label: '两端对齐', icon: <MenuOutlined /> },
] as const

const MARKS = [
  {
    mark: 'bold',
    label: '加粗',
    icon: <BoldOutlined />,
    run: (e: Editor) => e.chain().focus().toggleBold().run(),
  },
  {
    mark: 'italic',
    label: '斜体',
    icon: <ItalicOutlined />,
    run: (e: Editor) => e.chain().focus().toggleItalic().run(),
  },
  {
    mark: 'underline',
    label: '下划线',
    icon: <UnderlineOutlined />,
    run: (e: Editor) => e.chain().focus().toggleUnderline().run(),
  },
  {
    mark: 'strike',
    label: '删除线',
    icon: <StrikethroughOutlined />,
    run: (e: Editor) => e.chain().focus().toggleStrike().run(),
  },
  {
    mark: 'superscript',
    label: '上标',
    icon: <span className="moc-rte-glyph">x²</span>,
    run: (e: Editor) => e.chain().focus().toggleSuperscript().run(),
  },
  {
    mark: 'subscript',
    label: '下标',
    icon: <span className="moc-rte-glyph">x₂</span>,
    run: (e: Editor) => e.chain().focus().toggleSubscript().run(),
  },
] as const

/** What the toolbar shows as pressed or chosen, recomputed on each transaction. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      marks: Object.fromEntries(MARKS.map((m) => [m.mark, e.isActive(m.mark)])) as Record<string, boolean>,
      heading: ([1, 2, 3, 4] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      align: ALIGNS.find((a) => e.isActive({ textAlign: a.value }))?.value,
      fontSize: (e.getAttributes('textStyle').fontSize as string | undefined) ?? null,
      lineHeight:
        ((e.getAttributes('paragraph').lineHeight ?? e.getAttributes('heading').lineHeight) as
          | string
          | null) ?? null,
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      layout: !!(e.getAttributes('paragraph').layout || e.getAttributes('heading').layout),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
}

interface Props {
  editor: Editor
  source: boolean
  onToggleSource: () => void
  disabled?: boolean
  /** The media, import and third-party buttons, drawn after the formatting ones. */
  children?: ReactNode
}

/**
 * The editor's toolbar (spec §2): 一键排版, 源代码, undo/redo, formatting, colours, font size 10–72 px, line height
 * 1–2.4, alignment, lists, quote, horizontal rule, clear format, links, tables; then whatever the editor adds.
 */
export function Toolbar({ editor, source, onToggleSource, disabled, children }: Props) {
  const s = useToolbarState(editor)
  const [linking, setLinking] = useState(false)
  const off = disabled || source
  const chain = () => editor.chain().focus()
  return (
    <Flex wrap gap={2} align="center" className="moc-rte-toolbar" role="toolbar" aria-label="编辑器工具栏">
      <ToolbarButton
        label="一键排版"
        icon={<LayoutOutlined />}
        active={s.layout}
        disabled={off}
        onClick={() => chain().toggleLayout().run()}
      />
      <ToolbarButton
        label="源代码"
        icon={<CodeOutlined />}
        active={source}
        disabled={disabled}
        onClick={onToggleSource}
      />
      <Divider orientation="vertical" />
      <ToolbarButton
        label="撤销"
        icon={<UndoOutlined />}
        disabled={off || !s.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolbarButton
        label="重做"
        icon={<RedoOutlined />}
        disabled={off || !s.canRedo}
        onClick={() => chain().redo().run()}
      />
      <Divider orientation="vertical" />
      <Select
        size="small"
        aria-label="段落格式"
        className="moc-rte-select"
        value={s.heading}
        disabled={off}
        options={HEADINGS.map((h) => ({ ...h }))}
        onChange={(level: number) =>
          level
            ? chain()
                .setHeading({ level: level as 1 | 2 | 3 | 4 })
                .run()
            : chain().setParagraph().run()
        }
      />
      <Select
        size="small"
        aria-label="字号"
        placeholder="字号"
        className="moc-rte-select"
        value={s.fontSize}
        disabled={off}
        allowClear
        options={EDITOR_FONT_SIZES.map((px) => ({ value: `${px}px`, label: `${px}px` }))}
        onChange={(v?: string) => (v ? chain().setFontSize(v).run() : chain().unsetFontSize().run())}
      />
      <Select
        size="small"
        aria-label="行高"
        placeholder="行高"
        className="moc-rte-select"
        value={s.lineHeight}
        disabled={off}
        allowClear
        options={EDITOR_LINE_HEIGHTS.map((v) => ({ value: v, label: v }))}
        onChange={(v?: string) =>
          chain()
            .setBlockLineHeight(v ?? null)
            .run()
        }
      />
      {MARKS.map((m) => (
        <ToolbarButton
          key={m.mark}
          label={m.label}
          icon={m.icon}
          active={s.marks[m.mark]}
          disabled={off}
          onClick={() => m.run(editor)}
        />
      ))}
      <ColorButton
        label="文字颜色"
        icon={<FontColorsOutlined />}
        onPick={(c) => chain().setColor(c).run()}
        onClear={() => chain().unsetColor().run()}
      />
      <ColorButton
        label="背景色"
        icon={<BgColorsOutlined />}
        onPick={(c) => chain().setBackgroundColor(c).run()}
        onClear={() => chain().unsetBackgroundColor().run()}
      />
      <Divider orientation="vertical" />
      {ALIGNS.map((a) => (
        <ToolbarButton
          key={a.value}
          label={a.label}
          icon={a.icon}
          active={s.align === a.value}
          disabled={off}
          onClick={() => chain().setTextAlign(a.value).run()}
        />
      ))}
      <ToolbarButton
        label="无序列表"
        icon={<UnorderedListOutlined />}
        active={s.bulletList}
        disabled={off}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolbarButton
        label="有序列表"
        icon={<OrderedListOutlined />}
        active={s.orderedList}
        disabled={off}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolbarButton
        label="引用"
        icon={<span className="moc-rte-glyph">“</span>}
        active={s.blockquote}
        disabled={off}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <ToolbarButton
        label="分割线"
        icon={<LineOutlined />}
        disabled={off}
        onClick={() => chain().setHorizontalRule().run()}
      />
      <ToolbarButton
        label="清除格式"
        icon={<ClearOutlined />}
        disabled={off}
        onClick={() => chain().unsetAllMarks().clearNodes().unsetTextAlign().setBlockLineHeight(null).run()}
      />
      <Divider orientation="vertical" />
      <ToolbarButton
        label="链接"
        icon={<LinkOutlined />}
        active={s.link}
        disabled={off}
        onClick={() => setLinking(true)}
      />
      <ToolbarButton
        label="取消链接"
        icon={<DisconnectOutlined />}
        disabled={off || !s.link}
        onClick={() => chain().extendMarkRange('link').unsetLink().run()}
      />
      <Dropdown
        trigger={['click']}
        disabled={off}
        menu={{
          items: tableActions.map((a) => ({
            key: a.key,
            label: a.label,
            disabled: a.inTable !== s.inTable && a.inTable,
          })),
          onClick: ({ key }) => tableActions.find((a) => a.key === key)?.run(editor),
        }}
      >
        <Tooltip title="表格" mouseEnterDelay={0.4}>
          <Button
            type="text"
            size="small"
            icon={<TableOutlined />}
            aria-label="表格"
            disabled={off}
            onMouseDown={(e) => e.preventDefault()}
          />
        </Tooltip>
      </Dropdown>
      {children}
      <LinkDialog
        open={linking}
        href={(editor.getAttributes('link').href as string | undefined) ?? ''}
        onCancel={() => setLinking(false)}
        onOk={(href, newWindow) => {
          setLinking(false)
          const target = newWindow ? '_blank' : null
          // Nothing selected and no link here: the address itself becomes the linked text.
          if (editor.state.selection.empty && !s.link)
            chain()
              .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href, target } }] })
              .run()
          else chain().extendMarkRange('link').setLink({ href, target }).run()
        }}
      />
    </Flex>
  )
}
