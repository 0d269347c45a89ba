import { EnvironmentOutlined, FileTextOutlined, SmileOutlined } from '@ant-design/icons'
import type { Editor } from '@tiptap/core'
import { type ReactNode, useState } from 'react'
import { Editor135Button } from './dialogs/Editor135Button.tsx'
import { EmoticonPicker } from './dialogs/EmoticonPicker.tsx'
import { MapDialog } from './dialogs/MapDialog.tsx'
import { TemplateDialog } from './dialogs/TemplateDialog.tsx'
import { XiumiDialog } from './dialogs/XiumiDialog.tsx'
import { insertForeignHtml, type PasteContext } from './pasteHandler.ts'
import { ToolbarButton } from './ToolbarButton.tsx'
import { outputOf } from './useContentSync.ts'

type Open = 'template' | 'map' | 'xiumi' | 'emoticon' | null

/**
 * 表情, 模板, 地图 and the two third-party layout editors (秀米 dialog, 135编辑器 popup; spec §2). What they hand
 * back is foreign HTML: it goes in like pasted HTML (pictures re-hosted, clean-up applied).
 */
export function LayoutTools({
  editor,
  context,
  disabled,
}: {
  editor: Editor
  context: PasteContext | null
  disabled: boolean
}) {
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const insert = (html: string) => {
    if (context) void insertForeignHtml(context, html, 'html')
  }
  const button = (kind: Exclude<Open, null>, label: string, icon: ReactNode) => (
    <ToolbarButton label={label} icon={icon} disabled={disabled} onClick={() => setOpen(kind)} />
  )
  return (
    <>
      {button('emoticon', '表情', <SmileOutlined />)}
      {button('template', '模板', <FileTextOutlined />)}
      {button('map', '地图', <EnvironmentOutlined />)}
      <ToolbarButton
        label="秀米"
        icon={<span className="moc-rte-glyph">秀</span>}
        disabled={disabled}
        onClick={() => setOpen('xiumi')}
      />
      <Editor135Button onInsert={insert} disabled={disabled} className="moc-rte-135" />
      <EmoticonPicker open={open === 'emoticon'} onClose={close} onInsert={insert} />
      {open === 'template' ? (
        <TemplateDialog open onClose={close} onInsert={insert} currentHtml={outputOf(editor)} />
      ) : null}
      <MapDialog open={open === 'map'} onClose={close} onInsert={insert} />
      <XiumiDialog open={open === 'xiumi'} onClose={close} onInsert={insert} />
    </>
  )
}
