// How long the answer has been prepared, counting up beside "Thinking", so that a person sees it is still
// going (the server repeats the step while the model thinks and ends the answer if the model never starts).
// Only this counter renders each second; screen readers are not told every tick.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import '../chat-notices-texts';

export function ElapsedSeconds({ since }: { since: string }) {
  const { t } = useTranslation();
  const start = Date.parse(since);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.floor((now - start) / 1000);
  if (!Number.isFinite(seconds) || seconds < 1) return null;
  return (
    <span aria-hidden="true" data-elapsed-seconds={seconds}>
      {' · '}
      {t('chatNotices.elapsed', { seconds })}
    </span>
  );
}
