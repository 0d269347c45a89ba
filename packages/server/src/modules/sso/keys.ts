import { createCipheriv, createDecipheriv, generateKeyPairSync, hkdfSync, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { JWK } from 'jose'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { setting } from '../../db/schema.ts'

/**
 * The single sign-on's own secrets, kept in the `setting` table so they survive restarts and every
 * instance shares them; created on first use (the first instance to insert wins, the others read its row).
 * Not part of platform/settings.ts: these rows are never listed or edited through the settings API.
 *
 * - `sso.jwks`: the private signing keys (JWKS) of ID tokens; the provider publishes their public halves.
 * - `sso.secrets`: `cookieKeys` signing the provider's cookies, and `clientSecretKey`, the root from which
 *   the AES-256-GCM key that encrypts client secrets at rest is derived (HKDF-SHA256).
 */
export const JWKS_KEY = 'sso.jwks'
export const SECRETS_KEY = 'sso.secrets'

const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) })
const secretsSchema = z.object({
  cookieKeys: z.array(z.string().min(32)).min(1),
  clientSecretKey: z.string().min(32),
})

export interface SsoKeys {
  jwks: { keys: JWK[] }
  cookieKeys: string[]
  secretBox: SecretBox
}

async function stored<T>(db: Db, key: string, schema: z.ZodType<T>, fresh: () => T): Promise<T> {
  const read = async () => {
    const [row] = await db.select().from(setting).where(eq(setting.key, key)).limit(1)
    return row ? schema.parse(row.value) : undefined
  }
  const existing = await read()
  if (existing) return existing
  await db.insert(setting).values({ key, value: fresh() }).onConflictDoNothing()
  const created = await read()
  if (!created) throw new Error(`${key} could not be stored`)
  return created
}

function newSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = privateKey.export({ format: 'jwk' }) as JWK
  return { ...jwk, kid: randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' }
}

export async function loadSsoKeys(db: Db): Promise<SsoKeys> {
  const jwks = await stored(db, JWKS_KEY, jwksSchema, () => ({ keys: [newSigningKey()] }))
  const secrets = await stored(db, SECRETS_KEY, secretsSchema, () => ({
    cookieKeys: [randomBytes(32).toString('base64url')],
    clientSecretKey: randomBytes(32).toString('base64url'),
  }))
  return {
    jwks: jwks as { keys: JWK[] },
    cookieKeys: secrets.cookieKeys,
    secretBox: new SecretBox(secrets.clientSecretKey),
  }
}

/** AES-256-GCM for client secrets at rest: `v1.<iv>.<tag>.<ciphertext>`, base64url, bound to the client id. */
export class SecretBox {
  private readonly key: Buffer
  constructor(root: string) {
    this.key = Buffer.from(hkdfSync('sha256', root, 'moc-sso', 'client-secret-aes-256-gcm', 32))
  }

  seal(clientId: string, secret: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    cipher.setAAD(Buffer.from(clientId))
    const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
    return ['v1', iv, cipher.getAuthTag(), ct]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.')
  }

  open(clientId: string, sealed: string): string {
    const [v, iv, tag, ct] = sealed.split('.')
    if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown client secret format')
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(clientId))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8')
  }
}

/** A new client secret: 256 random bits. */
export const newClientSecret = () => randomBytes(32).toString('base64url')
