import { Link } from 'react-router'

/** Product mark and name; the name hides when the sidebar is condensed. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/dashboard" className="moc-brand" aria-label="融媒体运营后台 首页">
      <span className="moc-brand__mark" aria-hidden="true">
        融
      </span>
      {compact ? null : <span className="moc-brand__name">融媒体运营后台</span>}
    </Link>
  )
}
