// /admin/instanceSettings (docs/product.md §2): the index redirects to the apiKeys tab; each tab has its own path.
import '../admin-instance-settings-texts';
import { Navigate, Route, Routes } from 'react-router';
import { InstanceSettingsPage } from './instance-settings-page';

export default function InstanceSettingsRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="apiKeys" replace />} />
      <Route path=":tab" element={<InstanceSettingsPage />} />
      <Route path="*" element={<Navigate to="/admin/instanceSettings/apiKeys" replace />} />
    </Routes>
  );
}
