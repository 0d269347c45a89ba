import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Db } from '../../db/client.ts'
import { oidcPayload, ssoClient } from '../../db/schema.ts'
import type { SecretBox } from './keys.ts'

/** Expired rows are swept at most this often per instance, piggy-backing on writes. */
const SWEEP_EVERY_MS = 10 * 60_000

/** The oidc-provider metadata of one registered client app; PKCE and client_secret_basic for all. */
export function clientMetadata(row: typeof ssoClient.$inferSelect, secret: string): AdapterPayload {
  return {
    client_id: row.clientId,
    client_secret: secret,
    client_name: row.name,
    redirect_uris: row.redirectUris,
    response_types: ['code'],
    grant_types: row.scopes.includes('offline_access')
      ? ['authorization_code', 'refresh_token']
      : ['authorization_code'],
    scope: row.scopes.join(' '),
    token_endpoint_auth_method: 'client_secret_basic',
    application_type: 'web',
  }
}

/**
 * oidc-provider's storage on Drizzle (both engines). Every model lives in `oidc_payload` keyed by
 * (model, id), except `Client`: clients are the rows of `sso_client` (the registry), read fresh on each
 * lookup so that disabling, deleting and secret rotation take effect at once. Disabled clients are unknown.
 */
export function drizzleAdapter(db: Db, secrets: SecretBox) {
  let lastSweep = 0
  const sweep = async () => {
    const now = Date.now()
    if (now - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = now
    await db
      .delete(oidcPayload)
      .where(and(isNotNull(oidcPayload.expiresAt), lt(oidcPayload.expiresAt, new Date(now))))
  }

  class ClientAdapter implements Adapter {
    async find(id: string) {
      const [row] = await db.select().from(ssoClient).where(eq(ssoClient.clientId, id)).limit(1)
      if (!row?.enabled) return undefined
      return clientMetadata(row, secrets.open(row.clientId, row.secretEnc))
    }
    async upsert() {
      throw new Error('clients are managed through the SSO client registry')
    }
    async destroy() {
      throw new Error('clients are managed through the SSO client registry')
    }
    async findByUserCode() {
      return undefined
    }
    async findByUid() {
      return undefined
    }
    async consume() {}
    async revokeByGrantId() {}
  }

  class PayloadAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return and(eq(oidcPayload.model, this.model), eq(oidcPayload.id, id))
    }

    private async one(where: ReturnType<typeof and>) {
      const [row] = await db.select().from(oidcPayload).where(where).limit(1)
      if (!row) return undefined
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined
      return {
        ...row.payload,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      } as AdapterPayload
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const values = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      }
      await db
        .insert(oidcPayload)
        .values({ model: this.model, id, ...values })
        .onConflictDoUpdate({ target: [oidcPayload.model, oidcPayload.id], set: values })
      await sweep()
    }

    find(id: string) {
      return this.one(this.key(id))
    }
    findByUid(uid: string) {
      return this.one(and(eq(oidcPayload.model, this.model), eq(oidcPayload.uid, uid)))
    }
    findByUserCode(userCode: string) {
      return this.one(and(eq(oidcPayload.model, this.model), eq(oidcPayload.userCode, userCode)))
    }
    async consume(id: string) {
      await db.update(oidcPayload).set({ consumedAt: new Date() }).where(this.key(id))
    }
    async destroy(id: string) {
      await db.delete(oidcPayload).where(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      await db.delete(oidcPayload).where(eq(oidcPayload.grantId, grantId))
    }
  }

  return (name: string): Adapter => (name === 'Client' ? new ClientAdapter() : new PayloadAdapter(name))
}

/** Forgets everything the provider issued to a client (its grants, codes and tokens), e.g. once it is deleted. */
export async function forgetClient(db: Db, clientId: string) {
  await db.delete(oidcPayload).where(sql`${oidcPayload.payload}->>'clientId' = ${clientId}`)
}
