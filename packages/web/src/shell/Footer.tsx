import { COPYRIGHT_START_YEAR } from '@moc/domain/constants'

/** Copyright line and developer credit under every console page. */
export function Footer() {
  return (
    <footer className="moc-footer">
      <span>
        © {COPYRIGHT_START_YEAR}–{new Date().getFullYear()} 融媒体运营后台
      </span>
      <span>技术支持：融媒体运营后台研发团队</span>
    </footer>
  )
}
