import { EDITOR_IMAGE_WIDTH } from '@moc/domain/constants'
import { mergeAttributes, Node } from '@tiptap/core'
import Image from '@tiptap/extension-image'
import type { Node as PmNode } from '@tiptap/pm/model'
import { loadableInConsole } from '../consoleLoadable.ts'

/** Sets (or removes) a DOM element's attributes from a node's, leaving out what the console may not load. */
function paint(dom: HTMLElement, attrs: Record<string, string | null>, media: 'image' | 'media') {
  for (const [name, value] of Object.entries(attrs)) {
    const blocked = (name === 'src' || name === 'poster') && value && !loadableInConsole(value, media)
    if (value === null || value === '' || blocked) dom.removeAttribute(name)
    else dom.setAttribute(name, value)
  }
  dom.classList.toggle('moc-rte-blocked', !!attrs.src && !loadableInConsole(attrs.src, media))
}

const domAttrs = (node: PmNode, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, node.attrs[n] == null ? null : String(node.attrs[n])]))

/** A node view drawing the node's element itself, with only loadable addresses (see loadableInConsole). */
function plainView(
  tag: string,
  names: string[],
  media: 'image' | 'media',
  fixed: Record<string, string> = {},
) {
  return ({ node }: { node: PmNode }) => {
    const dom = document.createElement(tag)
    for (const [k, v] of Object.entries(fixed)) dom.setAttribute(k, v)
    paint(dom, domAttrs(node, names), media)
    return {
      dom,
      update: (next: PmNode) => {
        if (next.type !== node.type) return false
        paint(dom, domAttrs(next, names), media)
        return true
      },
    }
  }
}

/** Pictures inside paragraphs, inserted at spec §9's 500 px. */
export const EditorImage = Image.extend({
  addNodeView() {
    return plainView('img', ['src', 'alt', 'title', 'width', 'height'], 'image')
  },
}).configure({ inline: true, allowBase64: false })

export const imageAttrs = (src: string, alt = '') => ({ src, alt, width: EDITOR_IMAGE_WIDTH })

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    mediaNodes: {
      insertVideo: (attrs: { src: string; poster?: string; width?: number }) => ReturnType
      insertAudio: (attrs: { src: string }) => ReturnType
    }
  }
}

const srcOf = (el: HTMLElement) =>
  el.getAttribute('src') ?? el.querySelector('source')?.getAttribute('src') ?? null

/**
 * Video and audio blocks. Stored with controls, download switched off (controlslist="nodownload") and, for
 * videos, inline playback (spec §5 clean-up). While editing they are still pictures without controls, so a click
 * selects the block (the 视频截图 button acts on a selected video).
 */
export const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      src: { default: null, parseHTML: srcOf },
      poster: { default: null },
      width: { default: null },
    }
  },
  parseHTML: () => [{ tag: 'video' }],
  renderHTML({ HTMLAttributes }) {
    return [
      'video',
      mergeAttributes(HTMLAttributes, {
        controls: '',
        controlslist: 'nodownload',
        playsinline: '',
        preload: 'metadata',
      }),
    ]
  },
  addNodeView() {
    return plainView('video', ['src', 'poster', 'width'], 'media', {
      preload: 'metadata',
      class: 'moc-rte-video',
    })
  },
  addCommands() {
    return {
      insertVideo:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    }
  },
})

export const Audio = Node.create({
  name: 'audio',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return { src: { default: null, parseHTML: srcOf } }
  },
  parseHTML: () => [{ tag: 'audio' }],
  renderHTML({ HTMLAttributes }) {
    return [
      'audio',
      mergeAttributes(HTMLAttributes, { controls: '', controlslist: 'nodownload', preload: 'metadata' }),
    ]
  },
  addNodeView() {
    // Controls stay on: an audio element without them draws nothing at all.
    return plainView('audio', ['src'], 'media', { controls: '', preload: 'none', class: 'moc-rte-audio' })
  },
  addCommands() {
    return {
      insertAudio:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    }
  },
})

/** The embed origins the editor keeps iframes from (the 编辑器设置 system setting), per editor. */
export interface EmbedStorage {
  origins: readonly string[]
}

declare module '@tiptap/core' {
  interface Storage {
    embed: EmbedStorage
  }
}

const originLabel = (src: string | null) => {
  try {
    return src ? new URL(src).host : ''
  } catch {
    return ''
  }
}

/**
 * An embedded player (an iframe from an allowed embed origin, spec §5 clean-up). Kept as it is stored; while
 * editing it is a labelled block rather than a live frame, so a click selects it instead of playing inside the
 * editable text. The preview drawer and the app show the real frame.
 */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addStorage: (): EmbedStorage => ({ origins: [] }),
  addAttributes() {
    return {
      src: { default: null },
      width: { default: null },
      height: { default: null },
      frameborder: { default: null },
      allowfullscreen: { default: null },
    }
  },
  parseHTML: () => [{ tag: 'iframe[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['iframe', HTMLAttributes],
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div')
      dom.className = 'moc-rte-embed'
      dom.textContent = `嵌入内容 · ${originLabel(node.attrs.src as string | null)}`
      dom.title = String(node.attrs.src ?? '')
      return { dom }
    }
  },
})
