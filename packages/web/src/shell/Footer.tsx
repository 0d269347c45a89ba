import { Copyright } from './Copyright.tsx'

/** Copyright line and developer credit under every console page. */
export function Footer() {
  return (
    <footer className="moc-footer">
      <Copyright />
    </footer>
  )
}
