// Where the file library pages live (docs/product.md §2 /admin/datasource; the admin shell's sidebar links here).
export const listPath = '/admin/datasource';
export const newPath = `${listPath}/new`;
export const editPath = (dataSourceId: string) => `${listPath}/${dataSourceId}/edit`;
/** The edit page with a file's details open (a link people can share). */
export const filePath = (dataSourceId: string, fileId: string) => `${editPath(dataSourceId)}?file=${encodeURIComponent(fileId)}`;
/** The data source type whose pages these are; the older addresses name it with their endpoints type. */
export const FileLibraryType = 'FileLibrary';
