/**
 * The tag a URL names (`/tags/{id}`, `/tags/{id}/edit`): the number for a digits-only id, else
 * undefined (a page that does not exist). 0 is returned as is: its edit page redirects to /.
 */
export function tagIdFromParam(param: string | undefined): number | undefined {
  return param !== undefined && /^\d+$/.test(param) ? Number(param) : undefined;
}
