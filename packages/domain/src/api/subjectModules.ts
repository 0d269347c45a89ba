import { z } from 'zod'
import { idQuerySchema } from '../transport/ids.ts'
import { contentIdsSchema, relatedItemSchema } from './content.ts'

/**
 * Spec §7 subject module-content calls (decision 0023 §4): partial changes of a subject's `modules` field, each
 * saved as the whole form's modify. A module is named by its index in the field (0 = the first).
 */
export const subjectModuleMessages = {
  moduleNotFound: '模块不存在',
  notInModule: '模块中没有该内容',
  itemsOrder: '排序须包含该模块的全部内容',
  modulesOrder: '排序须包含全部模块',
} as const

const subjectId = idQuerySchema
const moduleIndex = z.coerce.number().int().min(0).max(99)

/** GET /api/subject/moduleContent/list. */
export const moduleContentQuerySchema = z.object({ subjectId, moduleIndex })

/** POST /api/subject/moduleContent/add (appended), /delete, /sortOrder (the module's full new order). */
export const moduleContentBodySchema = z.object({ subjectId, moduleIndex, ids: contentIdsSchema })

/** GET /api/subject/repeatContent: `ids` comma-separated (or repeated). */
export const repeatContentQuerySchema = z.object({
  subjectId,
  ids: z.preprocess(
    (v) =>
      [v]
        .flat()
        .flatMap((x) => String(x ?? '').split(','))
        .filter(Boolean)
        .map(Number),
    contentIdsSchema,
  ),
})

/** POST /api/subject/subjectModuleSort: `order` lists the current module indexes in their new order. */
export const subjectModuleSortSchema = z.object({
  subjectId,
  order: z.array(z.number().int().min(0)).min(1).max(100),
})

/** One module: its name and its items in order (items since deleted left out, as the detail does). */
export const moduleContentSchema = z.object({
  moduleIndex: z.number().int(),
  name: z.string(),
  items: z.array(relatedItemSchema),
})

/** The asked ids already in a module of the subject, with that module. */
export const repeatContentSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), moduleIndex: z.number().int(), moduleName: z.string() })),
})
