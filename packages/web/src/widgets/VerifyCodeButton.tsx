import { TOAST_ERROR_S, VERIFY_CODE_COOLDOWN_S } from '@moc/domain/constants'
import { App, Button } from 'antd'
import { useEffect, useState } from 'react'
import { ApiError } from '../api/client.ts'

interface Props {
  /** Sends the code. Reject with an Error to show its message; any other rejection (e.g. antd's validateFields) stays silent because the form already shows why. */
  onSend: () => Promise<unknown>
  disabled?: boolean
}

function cooldownOf(err: unknown): number | undefined {
  if (!(err instanceof ApiError) || typeof err.data !== 'object' || err.data === null) return undefined
  const cooldown = (err.data as { cooldown?: unknown }).cooldown
  return typeof cooldown === 'number' && cooldown > 0 ? cooldown : undefined
}

/** 获取验证码 with the spec §4 countdown: disabled for 29 s after a send, or for what the server says is left. */
export function VerifyCodeButton({ onSend, disabled }: Props) {
  const { message } = App.useApp()
  const [sending, setSending] = useState(false)
  // A deadline rather than a counter, so a throttled background tab still ends on time.
  const [until, setUntil] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const left = Math.max(0, Math.ceil((until - now) / 1000))

  useEffect(() => {
    if (until <= Date.now()) return
    const timer = window.setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= until) window.clearInterval(timer)
    }, 250)
    return () => window.clearInterval(timer)
  }, [until])

  const start = (seconds: number) => {
    const t = Date.now()
    setNow(t)
    setUntil(t + seconds * 1000)
  }

  const send = async () => {
    setSending(true)
    try {
      await onSend()
      start(VERIFY_CODE_COOLDOWN_S)
    } catch (err) {
      const cooldown = cooldownOf(err)
      if (cooldown) start(cooldown)
      if (err instanceof Error) message.error(err.message, TOAST_ERROR_S)
    } finally {
      setSending(false)
    }
  }

  return (
    // No `loading` spinner: antd's exit animation can outlive a fast send and spin beside the countdown.
    <Button onClick={send} disabled={disabled || sending || left > 0}>
      {left > 0 ? `${left}s后重新获取` : sending ? '发送中...' : '获取验证码'}
    </Button>
  )
}
