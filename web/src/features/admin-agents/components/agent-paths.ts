// Browser paths of the agents admin area (docs/product.md §2).
export const listPath = '/admin/gptsystem';
export const editPath = (id: string) => `${listPath}/${id}/edit`;
/** The editor at its Data sources step (the {addDataSource} segment "true"). */
export const dataSourcesPath = (id: string) => `${editPath(id)}/true`;
export const publishPath = (id: string) => `${listPath}/${id}/publish`;
export const uxPath = (id: string) => `${listPath}/${id}/ux`;
export const configStatePath = (id: string) => `${listPath}/configstate/${id}/edit`;
