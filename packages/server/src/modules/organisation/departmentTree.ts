import type { Department, DepartmentNode } from '@moc/domain/api/organisation'
import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { department } from '../../db/schema.ts'

const columns = {
  id: department.id,
  name: department.name,
  parentId: department.parentId,
  sort: department.sort,
}

/** Every department, in display order (sort, then id). */
export function allDepartments(db: Db): Promise<Department[]> {
  return db.select(columns).from(department).orderBy(asc(department.sort), asc(department.id))
}

/** Builds the tree from flat rows kept in display order; a row whose parent is missing becomes a root. */
export function buildTree(rows: readonly Department[]): DepartmentNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as DepartmentNode[] }]))
  const roots: DepartmentNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId)
    ;(parent ? parent.children : roots).push(node)
  }
  return roots
}

export { columns as departmentColumns }
