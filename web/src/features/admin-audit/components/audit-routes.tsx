// /admin/audit: the configuration audit log, list only (docs/product.md §2), lazily loaded by the admin shell.
import '../admin-audit-texts';
import { Navigate, Route, Routes } from 'react-router';
import { AuditPage } from './audit-page';

export default function AuditRoutes() {
  return (
    <Routes>
      <Route index element={<AuditPage />} />
      <Route path="*" element={<Navigate to="/admin/audit" replace />} />
    </Routes>
  );
}
