// /admin/models: the connections list, /new (add a connection) and /{connectionId} (its settings and
// deployments), lazily loaded by the admin shell.
import '../admin-models-texts';
import { Navigate, Route, Routes } from 'react-router';
import { ConnectionNewPage } from './connection-new-page';
import { ConnectionPage } from './connection-page';
import { ModelsPage } from './models-page';
import { ModelsPath } from './models-paths';

export default function ModelsRoutes() {
  return (
    <Routes>
      <Route index element={<ModelsPage />} />
      <Route path="new" element={<ConnectionNewPage />} />
      <Route path=":connectionId" element={<ConnectionPage />} />
      <Route path="*" element={<Navigate to={ModelsPath} replace />} />
    </Routes>
  );
}
