// /admin/userRole: list, /new and /{id}/edit (docs/product.md §2), lazily loaded by the admin shell.
import '../admin-user-roles-texts';
import { Navigate, Route, Routes } from 'react-router';
import { RoleEditPage } from './role-edit-page';
import { RoleListPage } from './role-list-page';

export default function UserRolesRoutes() {
  return (
    <Routes>
      <Route index element={<RoleListPage />} />
      <Route path="new" element={<RoleEditPage />} />
      <Route path=":id/edit" element={<RoleEditPage />} />
      <Route path="*" element={<Navigate to="/admin/userRole" replace />} />
    </Routes>
  );
}
