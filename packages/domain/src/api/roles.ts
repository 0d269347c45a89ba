import { z } from 'zod'
import { idSchema } from '../transport/ids.ts'

/** Role calls (spec §7 Roles): shapes shared by server and web. Bodies are strict: unknown fields are refused. */

export const ROLE_NAME_MAX = 30
export const ROLE_DESCRIPTION_MAX = 200

export const roleMessages = {
  nameRequired: '请输入角色名称',
  nameTooLong: `角色名称不能超过${ROLE_NAME_MAX}个字符`,
  descriptionTooLong: `角色描述不能超过${ROLE_DESCRIPTION_MAX}个字符`,
  nameTaken: '角色名称已存在',
  departmentsInvalid: '数据范围的部门编号有误',
  superAdminLocked: '超级管理员角色不能修改或删除',
  notFound: '角色不存在',
  inUse: (n: number) => `该角色下还有${n}个账号，请先将这些账号改为其他角色后再删除`,
  created: '新增角色成功',
  modified: '修改角色成功',
  removed: '删除角色成功',
  copied: '复制角色成功',
} as const

/** The name a copy gets: 「<name> 副本」, then 「<name> 副本2」, … when taken; cut to fit the name limit. */
export function copyName(name: string, taken: (candidate: string) => boolean): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' 副本' : ` 副本${n}`
    const candidate = `${name.slice(0, ROLE_NAME_MAX - suffix.length)}${suffix}`
    if (!taken(candidate)) return candidate
  }
}

/** Comma-separated department ids (spec §3 role detail), '' for no scope. */
export const permissionDepartmentSchema = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\d{1,9}(,\d{1,9})*)?$/, roleMessages.departmentsInvalid)
  .describe('comma-separated department ids; empty: no department scope')

/** Department ids of a permissionDepartment string, de-duplicated, in the given order. */
export const departmentIds = (value: string): number[] =>
  value ? [...new Set(value.split(',').map(Number))].filter((n) => n > 0) : []

const powerEntrySchema = z.strictObject({ actionName: z.string().max(50), exists: z.boolean() })

export const rolePowerSchema = z
  .record(z.string().max(50), z.array(powerEntrySchema).max(100))
  .describe('permission page name → [{actionName, exists}] (spec §3)')

export const roleFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, roleMessages.nameRequired).max(ROLE_NAME_MAX, roleMessages.nameTooLong),
  description: z.string().trim().max(ROLE_DESCRIPTION_MAX, roleMessages.descriptionTooLong).default(''),
  power: rolePowerSchema.default({}),
  powerMenuAttrs: z
    .array(z.string().max(200))
    .max(1000)
    .default([])
    .describe('visible menu keys (screen paths)'),
  permissionDepartment: permissionDepartmentSchema.default(''),
})
export type RoleFields = z.input<typeof roleFieldsSchema>

export const roleIdSchema = idSchema

export const roleModifyBodySchema = roleFieldsSchema.extend({ id: roleIdSchema })
export const roleIdBodySchema = z.strictObject({ id: roleIdSchema })

export const roleListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  accountCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type RoleListItem = z.infer<typeof roleListItemSchema>

export const roleOptionSchema = z.object({ id: z.number(), name: z.string() })
export type RoleOption = z.infer<typeof roleOptionSchema>

export const roleDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  power: rolePowerSchema,
  powerMenuAttrs: z.array(z.string()),
  permissionDepartment: z.string(),
})
export type RoleDetail = z.infer<typeof roleDetailSchema>

const configActionSchema = z.object({ name: z.string(), key: z.string() })
const configMenuSchema = z.object({ path: z.string(), title: z.string() })
export const roleConfigSchema = z.array(
  z.object({
    key: z.string(),
    title: z.string(),
    pages: z.array(
      z.object({
        name: z.string(),
        key: z.string(),
        actions: z.array(configActionSchema),
        menus: z.array(configMenuSchema),
      }),
    ),
  }),
)
