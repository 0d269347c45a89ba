/** A feature's version range on one platform (app_feature_rule), as the app config reads it. */
interface Rule {
  parentId: number
  minCode: number | null
  maxCode: number | null
  enabled: boolean
}

/**
 * Every feature's switch for one platform and version (decision 0038): on when the feature is 启用 and either its
 * platform has no range, or the range holding the version is 开启. A caller that gives no version is held by a range
 * only when the range is open at both ends.
 */
export function effectiveFeatures(
  features: readonly { id: number; key: string; on: boolean }[],
  rules: readonly Rule[],
  version: number | undefined,
): Record<string, boolean> {
  const holds = (r: Rule) =>
    version === undefined
      ? r.minCode === null && r.maxCode === null
      : (r.minCode === null || version >= r.minCode) && (r.maxCode === null || version <= r.maxCode)
  const out: Record<string, boolean> = {}
  for (const f of features) {
    const own = rules.filter((r) => r.parentId === f.id)
    out[f.key] = f.on && (own.length === 0 || own.some((r) => holds(r) && r.enabled))
  }
  return out
}
