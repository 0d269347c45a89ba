/**
 * The operation log's name of a target of several items (auditInfo.targetName, decision 0034): their names in
 * order, joined with 、, empty ones left out. The log keeps at most 300 characters of it (auditRow).
 */
export const auditNameList = (names: readonly (string | null | undefined)[]) =>
  names.filter((n): n is string => !!n).join('、')
