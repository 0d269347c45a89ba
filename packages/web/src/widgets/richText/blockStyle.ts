import { EDITOR_LAYOUT } from '@moc/domain/constants'
import { Extension } from '@tiptap/core'

/** The marker class of blocks laid out by 一键排版 (spec §4: the layout plugin toggles it on selected blocks). */
export const LAYOUT_CLASS = 'moc-layout'
const BLOCKS = ['paragraph', 'heading']

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    blockStyle: {
      setBlockLineHeight: (lineHeight: string | null) => ReturnType
      toggleLayout: () => ReturnType
    }
  }
}

const styleAttribute = (name: string, css: string, keepOnSplit = true) => ({
  default: null,
  keepOnSplit,
  parseHTML: (el: HTMLElement) => el.style.getPropertyValue(css) || null,
  renderHTML: (attrs: Record<string, unknown>) => (attrs[name] ? { style: `${css}: ${attrs[name]}` } : {}),
})

/**
 * Paragraph-level styles the toolbar sets on whole blocks: line height (spec §9: 1 to 2.4), first-line indent, and
 * 一键排版, which marks the selected blocks with LAYOUT_CLASS and gives them the spec's defaults (justify, indent
 * 2em, line height 1.5) — or, when all of them carry it already, takes all of that off again.
 */
export const BlockStyle = Extension.create({
  name: 'blockStyle',
  addGlobalAttributes() {
    return [
      {
        types: BLOCKS,
        attributes: {
          lineHeight: styleAttribute('lineHeight', 'line-height'),
          textIndent: styleAttribute('textIndent', 'text-indent', false),
          // The next paragraph after Enter starts unmarked: 一键排版 marks the blocks it was applied to.
          layout: {
            default: false,
            keepOnSplit: false,
            parseHTML: (el: HTMLElement) => el.classList.contains(LAYOUT_CLASS),
            renderHTML: (attrs: Record<string, unknown>) => (attrs.layout ? { class: LAYOUT_CLASS } : {}),
          },
        },
      },
    ]
  },
  addCommands() {
    return {
      setBlockLineHeight:
        (lineHeight) =>
        ({ tr, state, dispatch }) => {
          const { from, to } = state.selection
          state.doc.nodesBetween(from, to, (node, pos) => {
            if (BLOCKS.includes(node.type.name))
              tr.setNodeMarkup(pos, undefined, { ...node.attrs, lineHeight })
          })
          dispatch?.(tr)
          return true
        },
      toggleLayout:
        () =>
        ({ tr, state, dispatch }) => {
          const { from, to } = state.selection
          const blocks: { pos: number; attrs: Record<string, unknown> }[] = []
          state.doc.nodesBetween(from, to, (node, pos) => {
            if (BLOCKS.includes(node.type.name)) blocks.push({ pos, attrs: node.attrs })
          })
          if (!blocks.length) return false
          const off = blocks.every((b) => b.attrs.layout)
          const style = off ? { textAlign: null, textIndent: null, lineHeight: null } : EDITOR_LAYOUT
          for (const b of blocks) tr.setNodeMarkup(b.pos, undefined, { ...b.attrs, ...style, layout: !off })
          dispatch?.(tr)
          return true
        },
    }
  },
})
