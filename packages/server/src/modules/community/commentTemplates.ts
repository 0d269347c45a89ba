import { communityContentMessages as msg, templateImportResultSchema } from '@moc/domain/api/communityContent'
import { RECORD_IMPORT_MAX, recordMessages } from '@moc/domain/api/records'
import { COMMENT_TARGETS } from '@moc/domain/resources/community/commentTemplate'
import { recordResources } from '@moc/domain/resources/index'
import { lockInForce } from '@moc/domain/rules/appUserLock'
import { envelopeSchema, ok } from '@moc/domain/transport/envelope'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { comment, content } from '../../db/schema.ts'
import { appUser, post } from '../../db/tables/community.ts'
import { screenCommentBody } from '../../engine/commentScreening.ts'
import { recountPostComments } from '../../engine/commentTargets.ts'
import { type CommandHandler, registerCommand } from '../../engine/records/recordCommands.ts'
import { importCells } from '../../engine/records/recordSheet.ts'
import { newRowValues, recordTableOf } from '../../engine/records/recordTable.ts'
import { recordWrite } from '../../engine/records/recordValues.ts'
import type { Ctx } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { xlsxRows } from '../../platform/xlsxRows.ts'

/** What a template is posted on: a published content item, or a published, live post. */
async function targetOf(tx: Db, target: keyof typeof COMMENT_TARGETS, id: number) {
  if (target === 'content') {
    const [item] = await tx
      .select({ id: content.id, kind: content.kind })
      .from(content)
      .where(and(eq(content.id, id), eq(content.verifyState, 1), isNull(content.recycledAt)))
    if (!item) throw new AppError('NOT_FOUND', msg.targetNotFound(COMMENT_TARGETS.content))
    return { contentId: item.id, postId: null, contentKind: item.kind }
  }
  const [found] = await tx
    .select({ id: post.id })
    .from(post)
    .where(and(eq(post.id, id), eq(post.verifyState, 1), isNull(post.recycledAt)))
  if (!found) throw new AppError('NOT_FOUND', msg.targetNotFound(COMMENT_TARGETS.post))
  return { contentId: null, postId: found.id, contentKind: 'post' }
}

/**
 * 评论 (decision 0042): the chosen enabled templates, each as a comment on the content item or post, under the
 * operator account chosen (运营用户: an app account with `operator`, not locked). Screened like every comment (a
 * review-level word holds it for /commentAudit, a block-level word refuses the whole batch).
 */
const postTemplates: CommandHandler = async ({ tx, rows, input, ctx, req }) => {
  const enabled = rows.filter((r) => r.showState)
  if (!enabled.length) throw new AppError('CONFLICT', msg.templatesOff)
  const [operator] = await tx
    .select({
      id: appUser.id,
      nickname: appUser.nickname,
      state: appUser.state,
      lockReason: appUser.lockReason,
      lockedUntil: appUser.lockedUntil,
    })
    .from(appUser)
    .where(and(eq(appUser.id, Number(input.operatorId)), eq(appUser.operator, true)))
  if (!operator) throw new AppError('NOT_FOUND', msg.operatorNotFound)
  if (operator.state === 'cancelled' || lockInForce(operator))
    throw new AppError('CONFLICT', msg.operatorLocked)
  const target = await targetOf(tx, input.target as keyof typeof COMMENT_TARGETS, Number(input.targetId))
  const values = []
  for (const r of enabled)
    values.push({
      ...target,
      authorName: operator.nickname,
      userId: operator.id,
      ...(await screenCommentBody(ctx.sensitive, String(r.content), tx)),
    })
  const added = await tx.insert(comment).values(values).returning({ id: comment.id })
  await recountPostComments(
    tx,
    added.map((c) => c.id),
  )
  req.auditInfo.targetName = `${operator.nickname} → ${COMMENT_TARGETS[input.target as 'post']}#${input.targetId}`
  return { added: added.length }
}

registerCommand('commentTemplate', 'post', postTemplates)

/** Most bytes of an imported .xlsx (base64 in the JSON body, as the engine's import). */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024

/**
 * 批量导入 of /operateComment (spec §6 import comment templates; decision 0042): unlike the engine's import (all or
 * nothing), the good rows go in and each bad row is named with its reasons — a phrase list is not a ledger.
 */
export async function commentTemplateImportRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = ctx.database
  const rt = recordTableOf(recordResources.get('commentTemplate')!)
  app.post(
    '/api/commentTemplate/importRows',
    {
      bodyLimit: Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024,
      config: { access: { resource: 'import', record: 'commentTemplate' }, audit: '导入评论模板' },
      schema: {
        tags: ['评论模板'],
        summary:
          '从 Excel 导入评论模板（.xlsx，首行为 模板分类、模板内容）：正确的行导入，有误的行返回行号与原因',
        body: z.strictObject({
          fileName: z
            .string()
            .trim()
            .max(200)
            .regex(/\.xlsx$/i, '只支持上传excel文件'),
          file: z.string().max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4, '文件过大'),
        }),
        response: { 200: envelopeSchema(templateImportResultSchema) },
      },
    },
    async (req) => {
      const rows = xlsxRows(Buffer.from(req.body.file, 'base64'), {
        maxRows: RECORD_IMPORT_MAX,
        messages: {
          notExcel: '只支持上传excel文件',
          tooManyRows: recordMessages.importTooMany(RECORD_IMPORT_MAX),
        },
      })
      const { valid, failed } = await importCells(rt.def, rows)
      req.auditInfo.target = `${req.body.fileName}：导入 ${valid.length} 行，${failed.length} 行有误`
      if (!valid.length && !failed.length) throw new AppError('BAD_REQUEST', recordMessages.importEmpty)
      if (valid.length)
        await db.transaction(async (t) => {
          const tx = t as unknown as Db
          const fresh = await newRowValues(tx, rt, req.principal!.adminId)
          await tx
            .insert(rt.table)
            .values(valid.map((v) => ({ ...recordWrite(rt.def, v, []), ...fresh })) as never)
        })
      return ok({ added: valid.length, failed }, msg.imported(valid.length, failed.length))
    },
  )
}
