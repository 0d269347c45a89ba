import { lazy, Suspense } from 'react'
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

// The editor (Tiptap, ProseMirror, DOMPurify) is its own chunk, fetched when a form with rich text first opens.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'))

/** A rich-text field: the editor, loaded on demand. */
export function RichTextField(props: RichTextFieldProps) {
  // Asked for now, beside the editor's chunk (forms ask even sooner): the editor takes the stored text only once it
  // has the embed origins.
  useEditorConfig()
  return (
    <Suspense fallback={<Loading />}>
      <RichTextEditor {...props} />
    </Suspense>
  )
}
