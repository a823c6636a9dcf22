// The dashboard's reporting period lives in the address (?period=Last7Days), so that the agent drill-down, a reload
// and a shared link keep it; Last30Days, the default, is left out.
import { DefaultReportingPeriod as DefaultPeriod, ReportingPeriods, type ReportingPeriod } from '@atrium/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const isPeriod = (value: string | null): value is ReportingPeriod => (ReportingPeriods as readonly string[]).includes(value ?? '');

export function useReportingPeriod(): [ReportingPeriod, (period: ReportingPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = isPeriod(raw) ? raw : DefaultPeriod;
  const setPeriod = useCallback(
    (next: ReportingPeriod) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DefaultPeriod) updated.delete('period');
          else updated.set('period', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [period, setPeriod];
}

/** `?period=…` to carry the period over to another dashboard page ('' for the default). */
export const periodSearch = (period: ReportingPeriod): string => (period === DefaultPeriod ? '' : `?period=${period}`);
