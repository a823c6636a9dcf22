// Where the pages of a document or a template live.
export const listPath = (template: boolean) => (template ? '/admin/guidelines/templates' : '/admin/guidelines');
export const newPath = (template: boolean) => (template ? '/admin/guidelines/template/new' : '/admin/guidelines/new');
export const editPath = (template: boolean, id: string) => (template ? `/admin/guidelines/template/${id}/edit` : `/admin/guidelines/${id}/edit`);
