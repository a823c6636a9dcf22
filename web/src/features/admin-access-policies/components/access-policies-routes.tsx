// /admin/chatAccessPolicy: list, /new and /{id}/edit (docs/product.md §2), lazily loaded by the admin shell.
import '../access-policies-texts';
import { Navigate, Route, Routes } from 'react-router';
import { AccessPoliciesListPage } from './access-policies-list-page';
import { AccessPolicyEditPage } from './access-policy-edit-page';

export default function AccessPoliciesRoutes() {
  return (
    <Routes>
      <Route index element={<AccessPoliciesListPage />} />
      <Route path="new" element={<AccessPolicyEditPage />} />
      <Route path=":id/edit" element={<AccessPolicyEditPage />} />
      <Route path="*" element={<Navigate to="/admin/chatAccessPolicy" replace />} />
    </Routes>
  );
}
