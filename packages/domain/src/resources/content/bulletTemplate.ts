import { BULLET_PAGE, BULLET_TEMPLATE_MAX } from '../../api/bulletChat.ts'
import { defineResource, type SpecInput } from '../types.ts'

/** A template as the spec §7 /bullet-template calls answer it: `state` 1 on, 0 off. */
interface Row {
  id: number
  content: string
  sort: number
  showState: boolean
  createdAt: string
}
const template = (r: Row) => ({
  id: r.id,
  content: r.content,
  sort: r.sort,
  state: r.showState ? 1 : 0,
  createdAt: r.createdAt,
})

/**
 * 弹幕模板 (spec §7 GET and POST /bullet-template, POST /bullet-template/modify): the preset phrases viewers send with
 * one tap, in `sort` order; a panel of the 弹幕管理 screen (/bulletChat), on its page 内容-弹幕. The spec's modify is
 * a partial save (`state` 1/0 is 启用) and deletes with `remove: true` (删除).
 */
export const bulletTemplate = defineResource({
  name: 'bulletTemplate',
  label: '弹幕模板',
  storage: { table: 'bullet_template' },
  scope: 'shared',
  titleField: 'content',
  permissionPage: BULLET_PAGE,
  screens: { list: '/bulletChat' },
  fields: {
    content: { kind: 'text', label: '模板内容', required: true, max: BULLET_TEMPLATE_MAX, search: true },
    sort: { kind: 'number', label: '排序', required: true, max: 9999, default: 0, help: '小的在前' },
    showState: { kind: 'switch', label: '启用', default: true },
  },
  list: { types: { list: { label: '弹幕模板', where: {} } }, columns: ['content', 'sort'] },
  actions: ['show', 'hide', 'sort'],
  permissions: { sort: '编辑' },
  showWords: { show: '启用', hide: '停用' },
  specPaths: {
    'GET /api/bullet-template': {
      engine: 'GET /api/bulletTemplate/list',
      fill: { pageSize: 100 },
      answer: (d: { items: Row[] }) => d.items.map(template),
    },
    'POST /api/bullet-template': {
      engine: 'POST /api/bulletTemplate/add',
      answer: template,
      msg: '保存成功',
    },
    'POST /api/bullet-template/modify': [
      {
        engine: 'POST /api/bulletTemplate/modify',
        when: { remove: false },
        byDefault: true,
        patch: true,
        input: ({ state, ...rest }: SpecInput) =>
          state === undefined
            ? rest
            : { ...rest, showState: state === 1 ? true : state === 0 ? false : state },
        msg: '保存成功',
      },
      {
        engine: 'POST /api/bulletTemplate/delete',
        when: { remove: true },
        input: ({ id }: SpecInput) => ({ ids: [id] }),
        answer: (_: unknown, input: SpecInput) => ({ id: input.id }),
        msg: '删除成功',
      },
    ],
  },
})
