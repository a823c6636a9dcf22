import { useEffect } from 'react';
import { useTranslation } from '../i18n/i18n';
import { useInstanceSettings } from './use-instance';

/** docs/product.md §2: "<page title> | <instance name>", the name reading Loading... until it arrives. */
export function usePageTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const { settings } = useInstanceSettings();
  const name = settings?.name ?? t('common.loading');
  useEffect(() => {
    document.title = `${pageTitle} | ${name}`;
  }, [pageTitle, name]);
}
