/** Query keys of the role screens, so the editor can refresh the list after a save. */
export const ROLE_LIST_KEY = 'role-list'
export const ROLE_DETAIL_KEY = 'role-detail'
