import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'

/** argon2id with OWASP's recommended minimum (19 MiB, 2 iterations). */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * At most one hash per core at a time: each takes 19 MiB while it runs, and more at once than there are cores
 * only adds memory (a sign-in storm would otherwise hold one per worker thread), never throughput.
 */
const slots = availableParallelism()
let busy = 0
const waiting: (() => void)[] = []
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= slots) await new Promise<void>((resolve) => waiting.push(resolve))
  else busy++
  try {
    return await work()
  } finally {
    // A waiter inherits the slot; only when none waits is it freed.
    const next = waiting.shift()
    if (next) next()
    else busy--
  }
}

export const hashPassword = (password: string) => limited(() => hash(password, options))

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(stored, password))
  } catch {
    return false
  }
}

/** Verified against when the username does not exist, so both paths take the same time. */
let dummy: Promise<string> | undefined
export const dummyHash = () => {
  dummy ??= hashPassword('dummy-password-for-timing')
  return dummy
}
