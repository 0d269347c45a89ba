import { defineResource, type SpecAlias } from '../types.ts'

/** Tag types (spec §7 `type`): 0 content tags (内容-标签, /contentTags), 1 user tags (用户标签, /userTags). */
export const TAG_TYPE = { content: 0, user: 1 } as const

/** A tag as the spec §7 tag calls answer it. */
export interface Tag {
  id: number
  name: string
  type: number
  creatorName: string
  createdAt: string
}
type Row = Omit<Tag, 'type'>

/**
 * Spec §7 Tags (POST /tag/findTags, /tag/removes; GET /tag/add, /tag/modify, /tag/info): `type` picks the definition
 * (0, the default, content tags; 1 user tags) and with it the permission page; the search and the detail are open to
 * any signed-in account (every content form's tag picker). Answers keep the spec's shapes.
 */
function tagPaths(name: string, type: number): Record<string, SpecAlias> {
  const choice = { when: { type }, byDefault: type === TAG_TYPE.content }
  const tag = (r: Row): Tag => ({
    id: r.id,
    name: r.name,
    type,
    creatorName: r.creatorName,
    createdAt: r.createdAt,
  })
  return {
    'POST /api/tag/findTags': {
      engine: `POST /api/${name}/list`,
      ...choice,
      open: true,
      defaults: { pageSize: 10 },
      answer: (d: { items: Row[]; total: number }) => ({ items: d.items.map(tag), total: d.total }),
    },
    'GET /api/tag/info': { engine: `GET /api/${name}/detail`, ...choice, open: true, answer: tag },
    'GET /api/tag/add': { engine: `POST /api/${name}/add`, ...choice, answer: tag, msg: '添加成功' },
    'GET /api/tag/modify': {
      engine: `POST /api/${name}/modify`,
      ...choice,
      answer: () => null,
      msg: '修改成功',
    },
    'POST /api/tag/removes': {
      engine: `POST /api/${name}/delete`,
      ...choice,
      answer: (d: { deleted: number }) => ({ removed: d.deleted }),
      msg: '删除成功',
    },
  }
}

/** The two tag lists: rows of the one `tag` table told apart by `type`; a name is unique within its type. */
const tagDef = <const N extends string>(name: N, type: number, page: string, list: string, tab: string) =>
  defineResource({
    name,
    label: '标签',
    storage: { table: 'tag', fixed: { type } },
    scope: 'shared',
    titleField: 'name',
    permissionPage: page,
    screens: { list },
    fields: {
      name: {
        kind: 'text',
        label: '标签名称',
        required: true,
        max: 20,
        search: true,
        unique: { message: '标签名称已存在' },
      },
    },
    list: { types: { list: { label: tab, where: {} } }, columns: ['name'] },
    actions: [],
    specPaths: tagPaths(name, type),
  })

/** 标签管理 (spec §2 /contentTags): the tags content items carry (FieldKind `tags`). */
export const contentTag = tagDef('contentTag', TAG_TYPE.content, '内容-标签', '/contentTags', '内容标签')
/** 用户标签 (spec §2 /userTags). */
export const userTag = tagDef('userTag', TAG_TYPE.user, '用户标签', '/userTags', '用户标签')
