// /admin/user/new: create a local user (email, display name, password). Each field is checked in the browser with
// the contract's schema (the server's) and says what is wrong in plain words, for an email which part of it; the
// server's field messages (an email already in use) show under the inputs too, until the field changes.
import { DisplayNameMaxLength, EmailMaxLength, PasswordMaxLength, PasswordMinLength } from '@atrium/contract';
import { AdminUserCreateSchema } from '@atrium/contract/forms';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AdminErrorAlert, AdminPageHeader, fieldErrors } from '../../../components/admin';
import { schemaProblems } from '../../../components/forms/schema-issues';
import { emailProblem } from './email-problem';
import { useCreateAdminUserMutation } from '../api/admin-users.api';

export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [create, { isLoading, error }] = useCreateAdminUserMutation();
  const [form, setForm] = useState({ emailAddress: '', displayName: '', password: '' });
  const [showPassword, setShowPassword] = useState(false);
  // a field says what is wrong once left (or once the person tried to create)
  const [visited, setVisited] = useState<Partial<Record<keyof typeof form, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const labels = { emailAddress: t('adminUsers.email'), displayName: t('adminUsers.displayName'), password: t('adminUsers.password') };
  const local = schemaProblems(AdminUserCreateSchema, form, labels);
  if (local.emailAddress && form.emailAddress.trim() !== '' && form.emailAddress.length <= EmailMaxLength)
    local.emailAddress = t(`adminUsers.emailProblems.${emailProblem(form.emailAddress)}`);
  const invalid = Object.values(local).some(Boolean);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setServer(({ [key]: _gone, ...rest }) => rest);
  };
  const leave = (key: keyof typeof form) => () => setVisited((v) => ({ ...v, [key]: true }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    const result = await create({ emailAddress: form.emailAddress.trim(), displayName: form.displayName.trim(), password: form.password });
    if ('data' in result && result.data) {
      enqueueSnackbar(t('adminUsers.created_one', { name: result.data.displayName }), { variant: 'success' });
      navigate(`/admin/user/${result.data.userId}/edit`);
    } else setServer(fieldErrors(result.error));
  };

  const fieldError = (key: keyof typeof form) => server[key] ?? (submitted || visited[key] ? local[key] : undefined);
  const generalError = error && Object.keys(fieldErrors(error)).length === 0;

  return (
    <>
      <AdminPageHeader
        title={t('adminUsers.newTitle')}
        subtitle={t('adminUsers.newSubtitle')}
        breadcrumbs={[{ label: t('adminUsers.title'), to: '/admin/user' }, { label: t('adminUsers.newUser') }]}
      />
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Stack spacing={2.5}>
          {generalError && <AdminErrorAlert error={error} />}
          <TextField
            label={t('adminUsers.email')}
            type="email"
            autoComplete="off"
            required
            value={form.emailAddress}
            onChange={set('emailAddress')}
            onBlur={leave('emailAddress')}
            error={Boolean(fieldError('emailAddress'))}
            helperText={fieldError('emailAddress') ?? ' '}
            slotProps={{ htmlInput: { maxLength: EmailMaxLength } }}
          />
          <TextField
            label={t('adminUsers.displayName')}
            required
            value={form.displayName}
            onChange={set('displayName')}
            onBlur={leave('displayName')}
            error={Boolean(fieldError('displayName'))}
            helperText={fieldError('displayName') ?? ' '}
            slotProps={{ htmlInput: { maxLength: DisplayNameMaxLength } }}
          />
          <TextField
            label={t('adminUsers.password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            required
            value={form.password}
            onChange={set('password')}
            onBlur={leave('password')}
            error={Boolean(fieldError('password'))}
            helperText={fieldError('password') ?? t('adminUsers.passwordHelp', { min: PasswordMinLength })}
            slotProps={{
              htmlInput: { maxLength: PasswordMaxLength },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
                      onClick={() => setShowPassword((s) => !s)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/admin/user">
              {t('adminUsers.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {isLoading ? t('adminUsers.creating') : t('adminUsers.create')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
