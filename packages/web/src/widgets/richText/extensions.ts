import type { Extensions } from '@tiptap/core'
import { TableKit } from '@tiptap/extension-table'
import TextAlign from '@tiptap/extension-text-align'
import { BackgroundColor, Color, FontSize, TextStyle } from '@tiptap/extension-text-style'
import StarterKit from '@tiptap/starter-kit'
import { BlockStyle } from './blockStyle.ts'
import { Audio, EditorImage, Embed, Video } from './mediaNodes.ts'
import { Subscript, Superscript } from './scriptMarks.ts'

/** Everything the rich-text editor can hold; what it cannot hold is dropped when content is loaded or pasted. */
export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      code: false,
      codeBlock: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
    }),
    // Nested spans' styles are not merged while parsing: that writes style attributes into the live page, which
    // the console's CSP refuses.
    TextStyle.configure({ mergeNestedSpanStyles: false }),
    Color,
    BackgroundColor,
    FontSize,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    BlockStyle,
    Subscript,
    Superscript,
    TableKit.configure({ table: { resizable: false } }),
    EditorImage,
    Video,
    Audio,
    Embed,
  ]
}
