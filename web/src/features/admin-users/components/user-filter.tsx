import { useTranslation } from '../../../app/i18n/i18n';
import { AdminSearchField } from '../../../components/admin';

export function UserFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return <AdminSearchField label={t('adminUsers.filterEmail')} value={value} onChange={onChange} bottomGap={false} />;
}
