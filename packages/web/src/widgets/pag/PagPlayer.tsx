interface Props {
  /** The .pag file's URL (absolute: the player page resolves it from its own, opaque, origin). */
  url: string
  label: string
  className?: string
}

/**
 * A .pag animation (spec §2/§4 "animated vector, rendered in an animated player"): the player page
 * (`/pag-player.html`, libpag) in a sandboxed frame, so the console's strict CSP never needs 'unsafe-eval'
 * and neither libpag nor its wasm is in the console's bundle.
 */
export function PagPlayer({ url, label, className }: Props) {
  const src = new URL(url, location.href).href
  return (
    <iframe
      src={`/pag-player.html?src=${encodeURIComponent(src)}`}
      title={label}
      sandbox="allow-scripts"
      className={`moc-pag-frame ${className ?? ''}`}
    />
  )
}
