import { FileWordOutlined } from '@ant-design/icons'
import { TOAST_ERROR_S } from '@moc/domain/constants'
import { App } from 'antd'
import { type ChangeEvent, useRef, useState } from 'react'
import { insertForeignHtml, type PasteContext } from './pasteHandler.ts'
import { ToolbarButton } from './ToolbarButton.tsx'

/**
 * Word 导入 (spec §2): a .docx converted in the browser by mammoth (loaded on first use, its own chunk); its
 * pictures arrive embedded and are uploaded like pasted ones, then the text goes in at the cursor.
 */
export function WordImport({ context, disabled }: { context: PasteContext; disabled: boolean }) {
  const { message } = App.useApp()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  async function chosen(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    if (!/\.docx$/i.test(file.name))
      return void message.error('只支持导入 .docx 格式的 Word 文档', TOAST_ERROR_S)
    setBusy(true)
    try {
      const mammoth = await import('mammoth')
      const { value } = await mammoth.convertToHtml({ arrayBuffer: await file.arrayBuffer() })
      // The import is the user's own file: its pictures are taken in even where pasted local ones are not.
      await insertForeignHtml(
        { ...context, config: context.config && { ...context.config, allowLocalImages: true } },
        value,
        'html',
      )
    } catch {
      message.error('Word 文档导入失败，请确认文件完好', TOAST_ERROR_S)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <ToolbarButton
        label="导入Word"
        icon={<FileWordOutlined />}
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
      />
      <input
        ref={input}
        type="file"
        hidden
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        aria-label="选择 Word 文档"
        onChange={(e) => void chosen(e)}
      />
    </>
  )
}
