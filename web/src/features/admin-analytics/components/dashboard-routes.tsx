// /admin/dashboard: the analytics dashboard and its per-agent drill-down, lazily loaded by the admin shell (with the
// chart library, which no other route downloads).
import '../admin-analytics-texts';
import { Navigate, Route, Routes } from 'react-router';
import { AgentAnalyticsPage } from './agent-analytics-page';
import { DashboardPage } from './dashboard-page';

export default function DashboardRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="gptsystem/:gptSystemId" element={<AgentAnalyticsPage />} />
      <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
    </Routes>
  );
}
