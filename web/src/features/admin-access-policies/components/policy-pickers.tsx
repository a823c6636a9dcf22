// The pickers of the policy form: agents and roles from the options call, users by search, and
// directory groups from GET /admin/directory/groups?search= (sorted by displayName by the server).
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useChatAccessPolicyOptionsQuery, useDirectoryGroupsQuery } from '../api/chat-access-policies.api';
import { MultiPicker, type PickerOption } from './multi-picker';

const SearchDebounceMs = 300;

interface PickerProps {
  value: PickerOption[];
  onChange: (value: PickerOption[]) => void;
  error?: string;
  disabled?: boolean;
}

export function AgentsPicker(props: PickerProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useChatAccessPolicyOptionsQuery('');
  const options = (data?.gptSystems ?? []).map((a) => ({ id: a.gptSystemId, label: a.name }));
  return <MultiPicker label={t('accessPolicies.fields.agents')} options={options} loading={isLoading} {...props} />;
}

export function RolesPicker(props: PickerProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useChatAccessPolicyOptionsQuery('');
  const options = (data?.userRoles ?? []).map((r) => ({ id: r.userRoleId, label: r.name }));
  return <MultiPicker label={t('accessPolicies.fields.roles')} options={options} loading={isLoading} {...props} />;
}

export function UsersPicker(props: PickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SearchDebounceMs);
  const { data, isFetching } = useChatAccessPolicyOptionsQuery(debounced);
  const options = (data?.users ?? []).map((u) => ({ id: u.userId, label: u.displayName, secondary: u.emailAddress }));
  return (
    <MultiPicker
      label={t('accessPolicies.fields.users')}
      helperText={t('accessPolicies.fields.usersHelp')}
      options={options}
      loading={isFetching}
      onSearch={setSearch}
      {...props}
    />
  );
}

export function GroupsPicker(props: PickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SearchDebounceMs);
  const { data, isFetching } = useDirectoryGroupsQuery(debounced);
  const options = (data?.items ?? []).map((g) => ({ id: g.id, label: g.displayName, secondary: g.description ?? undefined }));
  return (
    <MultiPicker
      label={t('accessPolicies.fields.groups')}
      helperText={t('accessPolicies.fields.groupsHelp')}
      options={options}
      loading={isFetching}
      onSearch={setSearch}
      allowFreeIds
      {...props}
    />
  );
}
