// Shared building blocks of the admin pages. Every admin area uses them so that the pages look and
// behave alike:
// - AdminPageHeader: breadcrumbs from "Admin", title (also the document title), subtitle, actions.
// - AdminPagedTable: a list with loading/error/empty states, row links, expandable rows, and a
//   page-by-page (useContinuationPaging) or "Load more" footer.
// - useContinuationPaging: previous/next over {items, continuationToken} lists; resets on a filter change.
// - AdminNewButton, AdminSearchField, NameCell, listQueryProps: the parts every list page repeats.
// - AdminSection: a titled block (region) of an edit or detail page.
// - ConfirmDialog: asks before a destructive change; `busy` while saving.
// - StatusChip: docs/product.md §3's status colours (Active, Inactive, Deleted, Draft, Online, …).
// - AdminErrorAlert, apiErrorMessage, fieldErrors, apiErrorStatus: the server's error body for people.
export { AdminPageHeader, type AdminCrumb, type AdminPageHeaderProps } from './admin-page-header';
export { AdminPagedTable, type AdminColumn, type AdminPagedTableProps, type AdminPaging } from './admin-paged-table';
export { useContinuationPaging, type ContinuationPaging } from './use-continuation-paging';
export { AdminSection } from './admin-section';
export { AdminNewButton, AdminSearchField, NameCell, listQueryProps } from './admin-list-parts';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { StatusChip, statusColors, type AdminStatus } from './status-chip';
export { AdminErrorAlert } from './admin-error-alert';
export { apiErrorBody, apiErrorMessage, apiErrorStatus, fieldErrors } from './api-error';
