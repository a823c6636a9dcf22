// Downloads GET /admin/analytics/export (CSV) through the app's authenticated client, under the server's file name.
import { AnalyticsRoutes, type ReportingPeriod } from '@atrium/contract';
import { http } from '../../../app/api/http';
import type { DownloadResult } from '../../../lib/http/http.types';

export async function exportAnalytics(reportingPeriod: ReportingPeriod): Promise<boolean> {
  const result = await http().request<DownloadResult>({ url: AnalyticsRoutes.exportCsv, params: { reportingPeriod }, responseKind: 'download', timeout: 0 });
  if (result.error) return false;
  const url = URL.createObjectURL(result.data.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = result.data.fileName ?? `analytics-${reportingPeriod}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
