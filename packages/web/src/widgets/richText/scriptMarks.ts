import { Mark } from '@tiptap/core'

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    scriptMarks: {
      toggleSubscript: () => ReturnType
      toggleSuperscript: () => ReturnType
    }
  }
}

/** 下标 / 上标: <sub> and <sup>, one excluding the other. */
const scriptMark = (name: 'subscript' | 'superscript', tag: 'sub' | 'sup', other: string) =>
  Mark.create({
    name,
    excludes: other,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  })

export const Subscript = scriptMark('subscript', 'sub', 'superscript').extend({
  addCommands() {
    return {
      toggleSubscript:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
    }
  },
})
export const Superscript = scriptMark('superscript', 'sup', 'subscript').extend({
  addCommands() {
    return {
      toggleSuperscript:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
    }
  },
})
