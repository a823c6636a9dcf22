// docs/product.md §2: while the backend reports an issue (health check or 503 answers), say the application is
// initializing, and poll /health until it is healthy.
import { ApiBase, InstanceRoutes } from '@atrium/contract';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/i18n';
import { FullScreenMessage } from '../../components/full-screen-message';
import { newRequestId } from '../../lib/http/request-id';
import { authActions } from '../state/auth.slice';
import { useAppDispatch, useAppSelector } from '../state/hooks';

const DefaultPollMs = 5_000;

/** Milliseconds until the next check, or null when healthy. */
async function probe(): Promise<number | null> {
  try {
    // Bypasses the fetch client on purpose: its 503 rule would wait instead of reporting.
    const response = await fetch(`${ApiBase}${InstanceRoutes.health}`, { cache: 'no-store', headers: { 'X-Request-ID': newRequestId() } });
    // Only the status matters, but the (small) body is read to its end: left unread, Chromium keeps the
    // request open until the response is collected and then aborts it, so the page does not reach
    // network idle (what monitoring, Lighthouse and Playwright's networkidle wait for).
    await response.arrayBuffer().catch(() => undefined);
    if (response.status < 500) return null;
    const retryAfter = Number(response.headers.get('retry-after'));
    return Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : DefaultPollMs;
  } catch {
    return DefaultPollMs;
  }
}

export function HealthGate() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const issue = useAppSelector((s) => s.auth.healthCheckIssue);

  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    const check = async () => {
      const wait = await probe();
      if (cancelled) return;
      dispatch(authActions.setHealthCheckIssue(wait !== null));
      if (wait !== null) timer = window.setTimeout(() => void check(), wait);
    };
    void check();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [dispatch, issue]);

  return issue ? (
    <FullScreenMessage overlay busy>
      {t('system.initializing')}
    </FullScreenMessage>
  ) : null;
}
