// /admin/moderation: one page (docs/product.md §2), lazily loaded by the admin shell.
import '../admin-moderation-texts';
import { Navigate, Route, Routes } from 'react-router';
import { ModerationPage } from './moderation-page';

export default function ModerationRoutes() {
  return (
    <Routes>
      <Route index element={<ModerationPage />} />
      <Route path="*" element={<Navigate to="/admin/moderation" replace />} />
    </Routes>
  );
}
