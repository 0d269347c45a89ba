import { z } from 'zod'
import { idOrZeroSchema, idSchema } from '../transport/ids.ts'

/** Organisation structure (组织架构, spec §2 /organizationalStructure; §7 structure and position calls). */

/** A department as a flat row. */
export const departmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  sort: z.number(),
})
export type Department = z.infer<typeof departmentSchema>

/** A department with its sub-departments: GET /api/structure/list answers a list of these (the roots). */
export interface DepartmentNode extends Department {
  children: DepartmentNode[]
}
export const departmentNodeSchema: z.ZodType<DepartmentNode> = departmentSchema.extend({
  get children() {
    return z.array(departmentNodeSchema)
  },
})

export const positionSchema = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  accountCount: z.number(),
})
export type Position = z.infer<typeof positionSchema>

export const organisationMessages = {
  departmentName: '请输入部门名称',
  positionName: '请输入职位名称',
  siblingNameTaken: '同级部门中已有同名部门',
  positionNameTaken: '职位名称已存在',
  parentMissing: '上级部门不存在',
  moveIntoOwnSubtree: '不能移动到该部门自身或其下级部门下',
  hasChildren: '该部门下还有子部门，请先删除或移走子部门',
  hasAccounts: '该部门下还有账号，请先将账号移出该部门',
  usedByRole: (role: string) => `该部门已被角色「${role}」的数据权限使用，请先修改该角色`,
  positionInUse: '仍有账号担任该职位，不能删除',
  created: '新增成功',
  renamed: '修改成功',
  moved: '移动成功',
  removed: '删除成功',
} as const

const name = (message: string) => z.string().trim().min(1, message).max(50)
const id = idSchema
/** A parent department id; null (or 0, as older clients send) is the top level. */
const parentId = idOrZeroSchema.nullable().transform((v) => v || null)

export const departmentCreateSchema = z.strictObject({
  name: name(organisationMessages.departmentName),
  parentId: parentId.default(null),
  sort: z.number().int().min(0).max(100000).optional(),
})
export const departmentRenameSchema = z.strictObject({ id, name: name(organisationMessages.departmentName) })
export const departmentMoveSchema = z.strictObject({
  id,
  parentId,
  sort: z.number().int().min(0).max(100000).optional(),
})
export const idBodySchema = z.strictObject({ id })

/** POST /api/structure/listByParam: departments under a parent (null/0 = top level) and/or by name. */
export const departmentListByParamSchema = z.strictObject({
  parentId: parentId.optional(),
  name: z.string().trim().max(50).optional(),
})

export const positionCreateSchema = z.strictObject({
  name: name(organisationMessages.positionName),
  sort: z.number().int().min(0).max(100000).optional(),
})
export const positionRenameSchema = z.strictObject({
  id,
  name: name(organisationMessages.positionName),
  sort: z.number().int().min(0).max(100000).optional(),
})

/** Every department of a tree, depth first, with its depth (for indented selects). */
export function flattenTree(
  nodes: readonly DepartmentNode[],
  depth = 0,
): (DepartmentNode & { depth: number })[] {
  return nodes.flatMap((n) => [{ ...n, depth }, ...flattenTree(n.children, depth + 1)])
}

/** The ids of a department and all departments below it, found in a tree. */
export function subtreeIds(nodes: readonly DepartmentNode[], rootId: number): number[] {
  for (const n of nodes) {
    if (n.id === rootId) return flattenTree([n]).map((d) => d.id)
    const below = subtreeIds(n.children, rootId)
    if (below.length) return below
  }
  return []
}
