// GET /admin/overview path, zod-free for the browser.
export const AdminOverviewRoute = '/admin/overview';
