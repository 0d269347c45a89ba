import { createHash, randomBytes } from 'node:crypto'
import type { SessionUser } from '@moc/domain/api/session'
import { SUPER_ADMIN_ROLE_ID } from '@moc/domain/constants'
import type { PowerMap } from '@moc/domain/permissions/types'
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { ADMIN_STATE, admin, department, role, session } from '../db/schema.ts'
import { AppError } from './errors.ts'
import type { ReadCache } from './readCaches.ts'

export type RevokeReason = 'logout' | 'disabled' | 'deleted' | 'password' | 'elsewhere'

/** What a revoked session tells its holder (code 10002); logout reads as a plain expiry. */
const revokedMessages: Record<Exclude<RevokeReason, 'logout'>, string> = {
  disabled: '账号已被禁用，请联系管理员',
  deleted: '账号已被删除，请联系管理员',
  password: '密码已修改，请重新登录',
  elsewhere: '账号已在其他地方登录，请重新登录',
}

/** The signed-in caller of a request. */
export interface Principal {
  adminId: number
  username: string
  /** The account as spec §3 describes the logged-in user, read in the same query as the session. */
  user: SessionUser
  roleId: number | null
  power: PowerMap
  powerMenuAttrs: string[]
  tokenHash: string
  /** The role's data scope as read with the session (dataScope.ts resolveDataScope uses it for this roleId). */
  scopeRead?: ScopeRead
}

/**
 * A role's data scope, read in the session lookup so a scoped request makes no further queries: its
 * permissionDepartment text (null: no role row), the ids PostgreSQL parsed from it, and those departments with
 * every sub-department (null: unrestricted or super administrator, nothing to expand).
 */
export interface ScopeRead {
  roleId: number | null
  permissionDepartment: string | null
  roots: number[] | null
  departmentIds: number[] | null
}

/** The department ids in permissionDepartment ("1, 2,3"): whole numbers between commas, as parseDepartmentIds. */
const rootIds = sql`array(select m[1]::int from regexp_matches(${role.permissionDepartment}, '(?:^|,)\\s*(\\d{1,9})\\s*(?=,|$)', 'g') as m)`
/** Null unless the role restricts the scope; else `expr`. */
const whenScoped = (expr: SQL) =>
  sql<
    number[] | null
  >`case when ${admin.roleId} = ${SUPER_ADMIN_ROLE_ID} or ${role.permissionDepartment} ~ '^\\s*$' then null else ${expr} end`

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Sessions touched this long ago or more get last_seen updated; avoids a write per request. */
const TOUCH_AFTER_MS = 60_000

/** The per-request session lookup, as a named prepared statement: session, account, role (and its scope). */
function sessionLookup(db: Db, readScope: boolean) {
  const none = sql<number[] | null>`null`
  return db
    .select({
      adminId: session.adminId,
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      revokedAt: session.revokedAt,
      revokeReason: session.revokeReason,
      username: admin.username,
      realName: admin.realName,
      email: admin.email,
      phone: admin.phone,
      xiumiOpenId: admin.xiumiOpenId,
      state: admin.state,
      roleId: admin.roleId,
      roleName: role.name,
      power: role.power,
      powerMenuAttrs: role.powerMenuAttrs,
      permissionDepartment: role.permissionDepartment,
      scopeRoots: readScope ? whenScoped(rootIds) : none,
      // The same recursive walk as dataScope.ts subDepartmentIds (`union`: a corrupt cycle still ends).
      scopeDepartments: readScope
        ? whenScoped(sql`array(
        with recursive tree(id) as (
          select id from ${department} where id = any(${rootIds})
          union
          select d.id from ${department} d join tree on d.parent_id = tree.id
        )
        select id from tree
      )`)
        : none,
    })
    .from(session)
    .innerJoin(admin, eq(admin.id, session.adminId))
    .leftJoin(role, eq(role.id, admin.roleId))
    .where(eq(session.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_lookup')
}

type LookupRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number]
/** A token's lookup: its hash, and its session row when there is one. */
export interface Found {
  tokenHash: string
  row: LookupRow | undefined
}

export interface SessionOptions {
  idleMs: number
  maxMs: number
  /** Where looked-up sessions are reused between writes (readCaches.ts, decision 0018); none: always read. */
  cache?: ReadCache<Found>
  /**
   * Also read the role's data scope in the lookup. Worth it on a PostgreSQL server, which plans the named
   * statement once; PGlite parses and plans every call, and the scope's regexp and recursive walk cost its
   * authenticated calls a third of their throughput, so there the scope is read only for scoped roles (dataScope.ts).
   */
  readScope?: boolean
}

export class Sessions {
  /** The per-request session lookup, built once as a named prepared statement: it runs on every call. */
  private readonly lookup
  private readonly idleMs: number
  private readonly maxMs: number
  private readonly cache: ReadCache<Found> | undefined

  constructor(
    private readonly db: Db,
    { idleMs, maxMs, cache, readScope = true }: SessionOptions,
  ) {
    this.idleMs = idleMs
    this.maxMs = maxMs
    this.cache = cache
    this.lookup = sessionLookup(db, readScope)
  }

  /** A new opaque token for every sign-in; with single-session on, the account's other sessions end. */
  async create(adminId: number, ip: string, userAgent: string, singleSession: boolean): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    const tokenHash = hashToken(token)
    const now = new Date()
    await this.db.transaction(async (tx) => {
      if (singleSession)
        await tx
          .update(session)
          .set({ revokedAt: now, revokeReason: 'elsewhere' })
          .where(and(eq(session.adminId, adminId), isNull(session.revokedAt)))
      await tx.insert(session).values({
        tokenHash,
        adminId,
        ip,
        userAgent: userAgent.slice(0, 300),
        expiresAt: new Date(now.getTime() + this.maxMs),
      })
    })
    return token
  }

  /** Resolves a token to its principal, or throws 10001006 (missing/expired) or 10002 (revoked). */
  async authenticate(token: string | undefined, now = new Date()): Promise<Principal> {
    if (!token) throw new AppError('SESSION_EXPIRED', '请先登录')
    const { tokenHash, row } = await this.find(token)
    if (!row) throw new AppError('SESSION_EXPIRED')
    if (row.revokedAt) {
      const reason = row.revokeReason as RevokeReason
      if (reason === 'logout') throw new AppError('SESSION_EXPIRED')
      throw new AppError('SESSION_REVOKED', revokedMessages[reason] ?? undefined)
    }
    if (row.state !== ADMIN_STATE.enabled) throw new AppError('SESSION_REVOKED', revokedMessages.disabled)
    const t = now.getTime()
    if (t >= row.expiresAt.getTime() || t - row.lastSeenAt.getTime() >= this.idleMs)
      throw new AppError('SESSION_EXPIRED')
    if (t - row.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
      await this.db.update(session).set({ lastSeenAt: now }).where(eq(session.tokenHash, tokenHash))
      row.lastSeenAt = now
    }
    return {
      adminId: row.adminId,
      username: row.username,
      user: {
        id: row.adminId,
        username: row.username,
        realName: row.realName,
        roleId: row.roleId,
        roleName: row.roleName,
        xiumiOpenId: row.xiumiOpenId,
        email: row.email,
        phone: row.phone,
      },
      roleId: row.roleId,
      power: row.power ?? {},
      powerMenuAttrs: row.powerMenuAttrs ?? [],
      tokenHash,
      scopeRead: {
        roleId: row.roleId,
        permissionDepartment: row.permissionDepartment,
        roots: row.scopeRoots,
        departmentIds: row.scopeDepartments,
      },
    }
  }

  /**
   * The session row of a token: from the cache while it is fresh (keyed by the token itself, so a hit costs no
   * hash), else from the database by the token's hash.
   */
  private find(token: string): Promise<Found> {
    const read = async () => {
      const tokenHash = hashToken(token)
      return { tokenHash, row: (await this.lookup.execute({ tokenHash }))[0] }
    }
    return this.cache ? this.cache.get(token, read) : read()
  }

  /** Forgets cached lookups at once (a revocation), before the write request's own end does. */
  private forget(): void {
    this.cache?.forget()
  }

  async revoke(tokenHash: string, reason: RevokeReason): Promise<void> {
    this.forget()
    await this.db
      .update(session)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(session.tokenHash, tokenHash), isNull(session.revokedAt)))
  }

  /** Ends every live session of an account, optionally keeping the caller's own. */
  async revokeAll(
    adminId: number,
    reason: RevokeReason,
    exceptTokenHash?: string,
    db: Db = this.db,
  ): Promise<void> {
    this.forget()
    const live = and(eq(session.adminId, adminId), isNull(session.revokedAt))
    await db
      .update(session)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(exceptTokenHash ? and(live, ne(session.tokenHash, exceptTokenHash)) : live)
  }
}
