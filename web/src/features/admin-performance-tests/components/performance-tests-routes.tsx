// /admin/performanceTests: the runs and the form of a new one; /admin/performanceTests/{id}: one run, live while it
// runs, with its results and a comparison with an earlier run. Lazily loaded by the admin shell.
import '../admin-performance-tests-texts';
import { Navigate, Route, Routes } from 'react-router';
import { PerformanceTestsPage } from './performance-tests-page';
import { PerformanceTestRunPage } from './run-page';

export default function PerformanceTestsRoutes() {
  return (
    <Routes>
      <Route index element={<PerformanceTestsPage />} />
      <Route path=":performanceTestId" element={<PerformanceTestRunPage />} />
      <Route path="*" element={<Navigate to="/admin/performanceTests" replace />} />
    </Routes>
  );
}
