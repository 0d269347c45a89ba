import { type ComponentType, useEffect, useState } from 'react'
import { onceLoader } from '../../app/onceLoader.ts'
import { Loading } from '../Loading.tsx'
import { useEditorConfig } from './dialogs/useEditorConfig.ts'

/** The contract of a rich-text field: what forms and the 运营配置 screen hand to it. */
export interface RichTextFieldProps {
  id?: string
  value: string
  onChange: (html: string) => void
  maxLength?: number
  disabled?: boolean
  'aria-label'?: string
}

type EditorComponent = ComponentType<RichTextFieldProps>

/**
 * The editor (Tiptap, ProseMirror, DOMPurify) is its own chunk. A form about to open starts it beside its data
 * requests; otherwise the field starts it when it first draws.
 */
const editorChunk = onceLoader(() => import('./RichTextEditor.tsx').then((m): EditorComponent => m.default))
export const loadRichTextEditor = editorChunk.load

/**
 * A rich-text field: the editor, loaded on demand. Not React.lazy: a suspended boundary's content is shown no
 * sooner than 300 ms after the last fallback appeared (React's throttle), so a lazy editor whose chunk arrived
 * at once still opened 300 ms after the form. A loaded chunk is drawn in the same render as the form.
 */
export function RichTextField(props: RichTextFieldProps) {
  // Asked for now, beside the editor's chunk (forms ask even sooner): the editor takes the stored text only once it
  // has the embed origins.
  useEditorConfig()
  const [Editor, setEditor] = useState(() => editorChunk.loaded)
  const [failed, setFailed] = useState<unknown>()
  useEffect(() => {
    if (!Editor) loadRichTextEditor().then((loadedEditor) => setEditor(() => loadedEditor), setFailed)
  }, [Editor])
  // A chunk that cannot load goes to the route's error screen, as a lazy component's would.
  if (failed) throw failed
  return Editor ? <Editor {...props} /> : <Loading />
}
