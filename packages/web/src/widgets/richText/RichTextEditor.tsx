import { visibleTextLength } from '@moc/domain/rules/htmlText'
import type { EditorView } from '@tiptap/pm/view'
import { EditorContent, useEditor } from '@tiptap/react'
import { App, Input } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { Loading } from '../Loading.tsx'
import { useEditorConfig } from './dialogs/useEditorConfig.ts'
import { editorExtensions } from './extensions.ts'
import { LayoutTools } from './LayoutTools.tsx'
import { MediaTools } from './MediaTools.tsx'
import { handlePaste, type PasteContext } from './pasteHandler.ts'
import type { RichTextFieldProps } from './RichTextField.tsx'
import { Toolbar } from './Toolbar.tsx'
import { cleanFor, outputOf, setHtml, useContentSync } from './useContentSync.ts'
import { WordImport } from './WordImport.tsx'
import './richText.css'

/**
 * The length counter under the editor: what a reader sees, counted as the server checks the field's limit
 * (`visibleTextLength`, decision 0035), not the markup.
 */
function VisibleCount({ html, max }: { html: string; max: number }) {
  const length = useMemo(() => visibleTextLength(html), [html])
  return (
    <div className={`moc-rte-count${length > max ? ' moc-rte-count--over' : ''}`} aria-live="polite">
      {length} / {max}
    </div>
  )
}

/**
 * The rich-text editor (spec §2, §4, §5, §9) on Tiptap: a toolbar over the document, or over its HTML in the
 * 源代码 view. The value is cleaned-up HTML; the server cleans it again before storing.
 */
export default function RichTextEditor({
  id,
  value,
  onChange,
  maxLength,
  disabled = false,
  'aria-label': label = '正文',
}: RichTextFieldProps) {
  const { pathname } = useLocation()
  const { message } = App.useApp()
  const configQuery = useEditorConfig()
  const config = configQuery.data
  // What paste and import need, read when they happen (the editor's options stay the same object).
  const pasteContext = useRef<PasteContext | null>(null)
  const [source, setSource] = useState<string | null>(null)
  const extensions = useMemo(editorExtensions, [])
  // Stable options: useEditor hands changed ones to the editor on every render, which re-renders the toolbar.
  const editorProps = useMemo(
    () => ({
      attributes: {
        ...(id ? { id } : {}),
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'moc-rte-content',
      },
      // Before ProseMirror's own paste, which parses the clipboard's HTML (style and on* attributes) under the CSP.
      handleDOMEvents: {
        paste: (view: EditorView, event: ClipboardEvent): boolean => {
          const handled = !!pasteContext.current && handlePaste(pasteContext.current, view, event)
          if (handled) event.preventDefault()
          return handled
        },
      },
    }),
    [id, label],
  )
  const editor = useEditor({
    // Created in an effect, not during render: an instance made while rendering is destroyed unless effects run
    // within a millisecond, and a long form rarely manages that, so every open built the document twice.
    immediatelyRender: false,
    extensions,
    editable: !disabled,
    injectCSS: false,
    editorProps,
    // setEditable also announces an 'update' (without a change): that must not write the empty document back.
    onUpdate: ({ editor: e, transaction }) => {
      if (transaction.docChanged) sync.schedule(() => outputOf(e))
    },
    onBlur: () => sync.flush(),
  })
  pasteContext.current = editor && { editor, config, error: message.error }
  // The stored text goes in once the embed origins are known, else its allowed players would be cleaned away.
  if (editor && config) editor.storage.embed.origins = config.embedOrigins
  const settled = !configQuery.isPending
  const sync = useContentSync(
    settled ? editor : null,
    value,
    onChange,
    `moc-rte-draft:${pathname}:${id ?? label}`,
    config,
  )

  useEffect(() => {
    editor?.setEditable(!disabled)
  }, [editor, disabled])

  const context = pasteContext.current
  if (!editor || !context || !settled) return <Loading />

  const toggleSource = () => {
    if (source === null) {
      sync.flush()
      setSource(outputOf(editor))
      return
    }
    // Back from the source: what was typed there is cleaned up and becomes the document.
    setHtml(editor, source, true)
    sync.flush()
    setSource(null)
  }

  return (
    <div className={`moc-rte${disabled ? ' moc-rte--disabled' : ''}`}>
      <Toolbar editor={editor} source={source !== null} onToggleSource={toggleSource} disabled={disabled}>
        <WordImport context={context} disabled={disabled || source !== null} />
        <MediaTools editor={editor} disabled={disabled || source !== null} />
        <LayoutTools editor={editor} context={context} disabled={disabled || source !== null} />
      </Toolbar>
      {source !== null ? (
        <Input.TextArea
          aria-label="HTML 源代码"
          className="moc-rte-source"
          value={source}
          spellCheck={false}
          // Fixed rows: antd's autoSize measures through a style attribute, which the strict CSP refuses.
          rows={18}
          disabled={disabled}
          onChange={(e) => {
            const html = e.target.value
            setSource(html)
            sync.schedule(() => cleanFor(editor, html))
          }}
        />
      ) : null}
      <div className="moc-rte-body" hidden={source !== null}>
        <EditorContent editor={editor} />
      </div>
      {maxLength ? <VisibleCount html={value} max={maxLength} /> : null}
    </div>
  )
}
