import { Card } from 'antd'
import type { ReactNode } from 'react'
import { Copyright } from '../../shell/Copyright.tsx'
import './auth.css'

interface Props {
  title: string
  subtitle?: ReactNode
  /** Wider card for the longer forms (register). */
  wide?: boolean
  children: ReactNode
}

/** The shared frame of the public pages: product name above a centred card. */
export function AuthCard({ title, subtitle, wide, children }: Props) {
  return (
    <main className="auth-page">
      <div className="auth-brand">
        <span className="auth-brand-mark" aria-hidden="true">
          融
        </span>
        <h1 className="auth-brand-name">融媒体运营后台</h1>
      </div>
      <Card className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>
        <h2 className="auth-title">{title}</h2>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : <div className="auth-subtitle" />}
        {children}
      </Card>
      <footer className="auth-footer">
        <Copyright />
      </footer>
    </main>
  )
}
