import { hash, verify } from '@node-rs/argon2'

/** argon2id with OWASP's recommended minimum (19 MiB, 2 iterations). */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, options)

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
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
