// /admin/guidelines: list, /new, /{guidelinesDocumentId}/edit, /templates, /template/new and
// /template/{id}/edit (docs/product.md §2), lazily loaded by the admin shell.
import '../guidelines-texts';
import { Navigate, Route, Routes } from 'react-router';
import { GuidelinesEditPage } from './guidelines-edit-page';
import { GuidelinesListPage } from './guidelines-list-page';
import { GuidelinesNewPage } from './guidelines-new-page';

export default function GuidelinesRoutes() {
  return (
    <Routes>
      <Route index element={<GuidelinesListPage templates={false} />} />
      <Route path="new" element={<GuidelinesNewPage template={false} />} />
      <Route path=":guidelinesDocumentId/edit" element={<GuidelinesEditPage template={false} />} />
      <Route path="templates" element={<GuidelinesListPage templates />} />
      <Route path="template/new" element={<GuidelinesNewPage template />} />
      <Route path="template/:guidelinesDocumentId/edit" element={<GuidelinesEditPage template />} />
      <Route path="*" element={<Navigate to="/admin/guidelines" replace />} />
    </Routes>
  );
}
