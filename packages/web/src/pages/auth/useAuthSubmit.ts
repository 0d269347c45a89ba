import { useState } from 'react'

/** An auth page's submits: the button busy while one runs, and its failure kept to show above it. */
export function useAuthSubmit() {
  const [error, setError] = useState<string>()
  const [submitting, setSubmitting] = useState(false)

  const run = async (action: () => Promise<void>) => {
    setSubmitting(true)
    setError(undefined)
    try {
      await action()
    } catch (err) {
      setError(err instanceof Error ? err.message : '网络错误')
    } finally {
      setSubmitting(false)
    }
  }

  return { run, submitting, error, setError }
}
