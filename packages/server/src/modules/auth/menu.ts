import { buildMenu } from '@moc/domain/catalogue/menu'
import { ok } from '@moc/domain/transport/envelope'
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../platform/context.ts'

export async function menuRoutes(app: FastifyInstance, _ctx: Ctx) {
  app.get(
    '/api/admin/user-menu',
    { config: { access: 'signedIn' }, schema: { tags: ['登录与会话'], summary: '当前用户的侧边菜单' } },
    async (req) => {
      const p = req.principal!
      return ok({ menus: buildMenu(p, p.username), powerMenuAttrs: p.powerMenuAttrs })
    },
  )
}
