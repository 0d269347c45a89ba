import { Drawer } from 'antd'
import { useEffect, useState } from 'react'

/** Spec §2: full width on narrow screens, with a close button only when the window is at most 500px wide. */
const NARROW_MAX_WIDTH = 500
const PREVIEW_WIDTH = 450

function useNarrowWindow() {
  const query = `(max-width: ${NARROW_MAX_WIDTH}px)`
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches)
  useEffect(() => {
    const media = window.matchMedia(query)
    const onChange = () => setNarrow(media.matches)
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [query])
  return narrow
}

interface Props {
  title?: string
  /** The item's preview address; no address closes the drawer. */
  url: string | undefined
  onClose: () => void
}

/** The preview drawer (spec §2): the item's preview page in an iframe, 450px or full width on narrow screens. */
export function PreviewDrawer({ title, url, onClose }: Props) {
  const narrow = useNarrowWindow()
  return (
    <Drawer
      title={title ?? '预览'}
      open={url !== undefined}
      onClose={onClose}
      size={narrow ? '100%' : PREVIEW_WIDTH}
      closable={narrow}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
    >
      {url ? (
        <iframe
          src={url}
          title={title ?? '预览'}
          className="moc-preview-frame"
          sandbox="allow-scripts allow-same-origin"
          referrerPolicy="no-referrer"
        />
      ) : null}
    </Drawer>
  )
}
