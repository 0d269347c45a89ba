import { contentResources } from '@moc/domain/resources/index'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { content } from '../db/schema.ts'
import type { Ctx } from '../platform/context.ts'
import { storageOrigins } from '../platform/storage/storage.ts'
import { contentFieldValues } from './contentFields.ts'

/** How long a preview link from a list stays valid (the list may stay open a while). */
const PREVIEW_TTL_S = 3_600

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const safeUrl = (u: unknown) => (typeof u === 'string' && /^(https?:\/\/|\/)/.test(u) ? escapeHtml(u) : '')

/** Expiries are rounded up to this step, so a list asked again within it reuses its links' signatures. */
const EXPIRY_STEP_S = 60
const MEMO_MAX = 10_000

/** Signed links of the current expiry step, per signer: a list page would otherwise compute 30 HMACs a call. */
const memos = new WeakMap<Ctx['urlSigner'], { expires: number; links: Map<number, string> }>()

/** A signed link to an item's preview page (the list's 预览 opens it in the preview drawer), valid ≥ 1 hour. */
export function previewUrl(ctx: Ctx, id: number) {
  const expires = Math.ceil((Date.now() / 1000 + PREVIEW_TTL_S) / EXPIRY_STEP_S) * EXPIRY_STEP_S
  let memo = memos.get(ctx.urlSigner)
  if (!memo || memo.expires !== expires || memo.links.size >= MEMO_MAX) {
    memo = { expires, links: new Map() }
    memos.set(ctx.urlSigner, memo)
  }
  let link = memo.links.get(id)
  if (!link) {
    link = `/preview/content/${id}?expires=${expires}&sig=${ctx.urlSigner.sign(`preview:${id}`, expires)}`
    memo.links.set(id, link)
  }
  return link
}

/**
 * The preview page (spec §2 preview drawer): the item as a reader's phone would show it — title, author/source,
 * cover, video, summary and the (already sanitized) body. Reached only through a signed link, because the
 * drawer's iframe cannot send the session header; served with a script-free policy, frameable by the console only.
 */
export async function previewRoutes(app: FastifyInstance, ctx: Ctx) {
  app.get<{ Params: { id: string }; Querystring: { expires?: string; sig?: string } }>(
    '/preview/content/:id',
    async (req, reply) => {
      const id = Number(req.params.id)
      const ok =
        Number.isInteger(id) &&
        ctx.urlSigner.verify(`preview:${id}`, Number(req.query.expires), String(req.query.sig ?? ''))
      const [row] = ok ? await ctx.database.db.select().from(content).where(eq(content.id, id)) : []
      const def = row && contentResources.get(row.kind)
      // Stored embeds came from allowed origins (the sanitizer); the page frames those only.
      const embeds = (await ctx.settings.get('editor')).embedOrigins.join(' ') || "'none'"
      const media = ["'self'", 'https:', ...storageOrigins(ctx.storage)].join(' ')
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-frame-options', 'SAMEORIGIN')
        .header(
          'content-security-policy',
          `default-src 'none'; img-src ${media} data:; media-src ${media}; style-src 'unsafe-inline'; frame-src ${embeds}; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
        )
      if (!row || !def)
        return reply
          .status(404)
          .send('<!doctype html><meta charset="utf-8"><p>预览链接已失效，请刷新列表后重试</p>')
      const f = contentFieldValues(def, row)
      const meta = [f.author, f.source]
        .filter((v) => typeof v === 'string' && v)
        .map((v) => escapeHtml(String(v)))
      const video = safeUrl(f.video)
      const cover = safeUrl(f.cover)
      // The page runs no script: the one handler the clean-up stores (spec §5, against saving pictures from the
      // app) is left out, or its policy would refuse and report it.
      const body = typeof f.body === 'string' ? f.body.replaceAll(' oncontextmenu="return false"', '') : ''
      return reply.send(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(row.title)}</title>
<style>
body{margin:0;padding:16px;font:16px/1.7 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#222;word-break:break-word}
h1{font-size:22px;line-height:1.4;margin:0 0 8px}.meta{color:#888;font-size:13px;margin-bottom:12px}
img,video{max-width:100%;height:auto}.summary{color:#555;background:#f6f6f6;padding:8px 12px;border-radius:4px}
</style></head><body>
<h1>${escapeHtml(row.title)}</h1>
<div class="meta">${[...meta, escapeHtml(def.label)].join(' · ')}</div>
${video ? `<video src="${video}" ${cover ? `poster="${cover}"` : ''} controls playsinline></video>` : cover ? `<img src="${cover}" alt="">` : ''}
${typeof f.summary === 'string' && f.summary ? `<p class="summary">${escapeHtml(f.summary)}</p>` : ''}
<article>${body}</article>
</body></html>`)
    },
  )
}
