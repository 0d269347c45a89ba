import { z } from 'zod'
import { pageNumberSchema } from '../transport/ids.ts'

/** POST /api/disclosureRegion/pageList (spec §7 Disclosures): the regions tips name, with how many name each. */
export const regionListBodySchema = z.object({
  /** disclosure (爆料) or program_disclosure (节目爆料): the list whose regions are wanted. */
  kind: z.string().max(40),
  page: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  /** Region name contains. */
  name: z.string().trim().max(50).optional(),
})

export const regionItemSchema = z.object({ name: z.string(), total: z.number().int() })
export type RegionItem = z.infer<typeof regionItemSchema>
