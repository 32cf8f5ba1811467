/** What the list hands to the detail page so Back returns to the same page, filters and sort. */
export interface ListLocationState {
  listSearch?: unknown;
}

const LIST_PATH = '/admin/notifications';

/** The list's address to go back to; only a query string is accepted, so state cannot point elsewhere. */
export function listAddress(state: ListLocationState | null | undefined): string {
  const search = typeof state?.listSearch === 'string' ? state.listSearch.replace(/^\?/, '') : '';
  return search && !/[#/\\]/.test(search) ? `${LIST_PATH}?${search}` : LIST_PATH;
}
