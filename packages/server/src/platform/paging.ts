/** One page of a list and its total, fetched together (spec §7 lists: `data.items`, `data.total`). */
export async function pageOf<T>(
  page: number,
  pageSize: number,
  items: (limit: number, offset: number) => Promise<T[]>,
  total: Promise<{ n: number }[]>,
): Promise<{ items: T[]; total: number }> {
  const [rows, [count]] = await Promise.all([items(pageSize, (page - 1) * pageSize), total])
  return { items: rows, total: count?.n ?? 0 }
}

/** A user's search text as a LIKE pattern matching it anywhere, with % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
