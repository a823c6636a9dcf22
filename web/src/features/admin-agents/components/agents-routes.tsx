// /admin/gptsystem (docs/product.md §2): list, /new, /{id}/edit[/{addDataSource}], /{id}/publish, /{id}/ux and
// /configstate/{id}/edit, lazily loaded by the admin shell.
import '../admin-agents-texts';
import { Navigate, Route, Routes } from 'react-router';
import { AgentEditPage } from './agent-edit-page';
import { AgentNewPage } from './agent-new-page';
import { AgentPublishPage } from './agent-publish-page';
import { AgentUxPage } from './agent-ux-page';
import { AgentsListPage } from './agents-list-page';
import { ConfigStateEditPage } from './config-state-edit-page';

export default function AgentsRoutes() {
  return (
    <Routes>
      <Route index element={<AgentsListPage />} />
      <Route path="new" element={<AgentNewPage />} />
      <Route path=":gptSystemId/edit/:addDataSource?" element={<AgentEditPage />} />
      <Route path=":gptSystemId/publish" element={<AgentPublishPage />} />
      <Route path=":gptSystemId/ux" element={<AgentUxPage />} />
      <Route path="configstate/:gptSystemConfigurationStateId/edit" element={<ConfigStateEditPage />} />
      <Route path="*" element={<Navigate to="/admin/gptsystem" replace />} />
    </Routes>
  );
}
