import type { EditorConfig } from '@moc/domain/api/editor'
import {
  EDITOR_CHANGE_DEBOUNCE_MS,
  EDITOR_CONTENT_WAIT_MS,
  EDITOR_CONTENT_WAIT_ROUNDS,
} from '@moc/domain/constants'
import type { Editor } from '@tiptap/core'
import { useCallback, useEffect, useRef } from 'react'
import { cleanRichText } from './cleanRichText.ts'
import { applyMoves, rehostImages } from './rehostImages.ts'
import { htmlToDoc } from './safeHtml.ts'

/** Resolves once the editor's view is on the page, polling up to 20 rounds of 100 ms (spec §9); false if never. */
export async function whenMounted(editor: Editor): Promise<boolean> {
  for (let round = 0; round < EDITOR_CONTENT_WAIT_ROUNDS; round++) {
    if (!editor.isDestroyed && editor.view.dom.isConnected) return true
    await new Promise((r) => setTimeout(r, EDITOR_CONTENT_WAIT_MS))
  }
  return false
}

/** HTML cleaned up as this editor stores it: iframes stay from its allowed embed origins only. */
export const cleanFor = (editor: Editor, html: string) => cleanRichText(html, editor.storage.embed.origins)

/**
 * Replaces the editor's document with cleaned-up HTML. A replacement that is not an edit (`emitUpdate` off: the
 * stored text arriving) cannot be undone (undo right after opening emptied the editor) and links nothing itself.
 */
export const setHtml = (editor: Editor, html: string, emitUpdate: boolean) =>
  editor
    .chain()
    .setMeta('addToHistory', emitUpdate)
    .setMeta('preventAutolink', !emitUpdate)
    .setContent(htmlToDoc(editor, cleanFor(editor, html)), { emitUpdate })
    .run()

/** The editor's document as stored text: cleaned up, and '' for an empty document. */
export const outputOf = (editor: Editor) => (editor.isEmpty ? '' : cleanFor(editor, editor.getHTML()))

/**
 * Two-way binding of the editor with a form value. Outgoing: the cleaned HTML, 100 ms after the last change
 * (spec §4), at once on blur and unmount, and as a local draft. Incoming: a value the editor did not emit itself
 * (the record arriving, a restored version) replaces the document once the view is mounted. The draft of the
 * field is cleared when the editor starts (spec §9).
 */
export function useContentSync(
  editor: Editor | null,
  value: string,
  onChange: (html: string) => void,
  draftKey: string,
  config: EditorConfig | undefined,
) {
  const emitted = useRef<string | undefined>(undefined)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const changeRef = useRef(onChange)
  changeRef.current = onChange

  const emit = useCallback(
    (html: string) => {
      clearTimeout(timer.current)
      timer.current = undefined
      if (html === emitted.current) return
      emitted.current = html
      changeRef.current(html)
      try {
        if (html) localStorage.setItem(draftKey, html)
        else localStorage.removeItem(draftKey)
      } catch {
        // Storage full or disabled: the draft is a convenience only.
      }
    },
    [draftKey],
  )
  const schedule = useCallback(
    (html: () => string) => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => emit(html()), EDITOR_CHANGE_DEBOUNCE_MS)
    },
    [emit],
  )
  const pending = useRef<() => string>(() => '')
  const scheduleOutput = useCallback(
    (html: () => string) => {
      pending.current = html
      schedule(html)
    },
    [schedule],
  )
  const flush = useCallback(() => {
    if (timer.current !== undefined) emit(pending.current())
  }, [emit])

  useEffect(() => {
    try {
      localStorage.removeItem(draftKey)
    } catch {
      // see emit
    }
  }, [draftKey])

  // The editor instance the value was last handed to. React may replace the instance (useEditor recreates it
  // when its host remounts); a new one starts empty and must get the value even though the form already has it.
  const filled = useRef<Editor | null>(null)
  useEffect(() => {
    if (!editor || (editor === filled.current && value === emitted.current)) return
    filled.current = editor
    emitted.current = value
    void whenMounted(editor).then((ready) => {
      if (ready && emitted.current === value) setHtml(editor, value, false)
    })
  }, [editor, value])

  // Spec §4: pictures of the loaded text that are not on our storage are re-hosted and replaced.
  const loaded = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!editor || !config || !value || loaded.current !== undefined) return
    loaded.current = value
    void rehostImages(value, config.ownMediaOrigins).then(({ moved }) => {
      // Edits made meanwhile stay: the new addresses go into the document as it is now (of the live instance).
      const live = filled.current
      if (moved.size && live && !live.isDestroyed) setHtml(live, applyMoves(outputOf(live), moved), true)
    })
  }, [editor, config, value])

  useEffect(() => flush, [flush])

  return { schedule: scheduleOutput, flush }
}
