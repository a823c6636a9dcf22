// The publish page's public endpoint (issue 18, docs/public-chat.md): the draft's publicEndpointConfiguration (name,
// enabled, the websites that may embed it, the visitors' limits, consent, citations, brand), saved into the draft and
// in effect once published; the embed snippet and links; and a live preview of the published endpoint's popup page.
// Those who may not publish the agent see it read-only.
import '../admin-agents-texts';
import CancelIcon from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PublicEndpointLimits, VisitorIdentityModes, VisitorSecretLength, type ConfigIssue, type PublicEndpointConfiguration } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, AdminSection, apiErrorBody } from '../../../components/admin';
import { issuesOf } from '../../../components/agent-config/agent-config-fields';
import { useGetAdminConfigStateQuery, useListBrandsForAgentsQuery, useUpdateAdminConfigStateMutation } from '../api/admin-agents.api';
import {
  EndpointLimitFields,
  embedSnippet,
  endpointConfigOf,
  endpointNameValid,
  endpointProblems,
  endpointValuesOf,
  newIdentitySecret,
  normalOrigin,
  originProblem,
  publicChatLinks,
  sameEndpoint,
  splitEndpointIssues,
  type EndpointField,
  type EndpointProblems,
  type IdentityValues,
  type PublicEndpointValues,
} from './public-endpoint-values';

interface SectionProps {
  configStateId: string;
  /** the configuration of the published version in effect (undefined: not published) */
  published: PublicEndpointConfiguration | null | undefined;
  /** false: shown read-only */
  canEdit: boolean;
  /** the issues of the page's last refused publish, those about the endpoint shown at their fields */
  publishIssues: readonly ConfigIssue[];
}

export function PublicEndpointSection(props: SectionProps) {
  const { t } = useTranslation();
  const state = useGetAdminConfigStateQuery(props.configStateId);
  if (!state.data)
    return state.error ? (
      <AdminErrorAlert error={state.error} fallback={t('agentsAdmin.loadFailed')} onRetry={() => void state.refetch()} />
    ) : (
      <AdminSection title={t('agentsAdmin.publicEndpoint.title')}>
        <CircularProgress size={24} />
      </AdminSection>
    );
  return <PublicEndpointForm key={props.configStateId} {...props} initial={state.data.publicEndpointConfiguration} />;
}

function PublicEndpointForm({
  configStateId,
  published,
  canEdit,
  publishIssues,
  initial,
}: SectionProps & { initial: PublicEndpointConfiguration | null | undefined }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValuesState] = useState<PublicEndpointValues>(() => endpointValuesOf(initial));
  const [tried, setTried] = useState(false);
  // counts saves: the identity fields start again (no secret being replaced) after each
  const [saves, setSaves] = useState(0);
  const [server, setServer] = useState<{ fields: EndpointProblems; section: string[] }>({ fields: {}, section: [] });
  const [save, saving] = useUpdateAdminConfigStateMutation();
  const draft = useGetAdminConfigStateQuery(configStateId).data?.publicEndpointConfiguration ?? initial;

  // a refused publish names its field (an endpoint name another agent holds): taken in when a new refusal comes
  const [seenPublishIssues, setSeenPublishIssues] = useState(publishIssues);
  if (seenPublishIssues !== publishIssues) {
    setSeenPublishIssues(publishIssues);
    const { fields, section } = splitEndpointIssues(publishIssues);
    if (Object.keys(fields).length || section.length) setServer({ fields, section });
  }

  const browser = useMemo(() => {
    const found = endpointProblems(values);
    // an empty name is said once the person tries to save, not as soon as the endpoint is switched on
    if (!tried && values.endpointName.trim() === '') delete found.endpointName;
    return found;
  }, [values, tried]);
  const problems: EndpointProblems = { ...server.fields, ...browser };

  const setValues = (next: PublicEndpointValues, changed: EndpointField | null = null) => {
    setValuesState(next);
    if (changed && server.fields[changed]) {
      const fields = { ...server.fields };
      delete fields[changed];
      setServer({ ...server, fields });
    }
  };
  const onSave = async () => {
    setTried(true);
    const config = endpointConfigOf(values);
    if (Object.keys(endpointProblems(values)).length > 0) return;
    const result = await save({ id: configStateId, body: { publicEndpointConfiguration: config } });
    if (result.error) {
      // field issues at their fields; a refusal without them shows as the page's other errors do (below)
      const { fields, section, rest } = splitEndpointIssues(issuesOf(result.error));
      setServer({ fields, section: [...section, ...rest.filter((r) => r.property !== 'request').map((r) => r.message)] });
      return;
    }
    const { fields, section } = splitEndpointIssues(result.data.errors);
    setServer({ fields, section });
    // the secret is write-only: once saved, the form holds no copy and says whether the server keeps one
    const hasSecret = result.data.publicEndpointConfiguration?.identity?.hasSecret ?? false;
    setValuesState((v) => ({ ...v, identity: { ...v.identity, hasSecret, secret: hasSecret ? '' : v.identity.secret } }));
    setSaves((n) => n + 1);
    if (!Object.keys(fields).length && !section.length) enqueueSnackbar(t('agentsAdmin.publicEndpoint.saved'), { variant: 'success' });
  };

  const disabled = !canEdit || saving.isLoading;
  // changes not in the draft yet are not published by "Publish latest draft"
  const unsaved = JSON.stringify(endpointConfigOf(values)) !== JSON.stringify(endpointConfigOf(endpointValuesOf(draft)));
  const name = values.endpointName.trim();
  const liveName = published?.isEnabled ? published.endpointName : null;

  return (
    <AdminSection title={t('agentsAdmin.publicEndpoint.title')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={2.5}>
            <Typography variant="body2" color="text.secondary">
              {t('agentsAdmin.publicEndpoint.text')}
            </Typography>
            {!canEdit && <Alert severity="info">{t('agentsAdmin.publicEndpoint.readOnly')}</Alert>}
            {published !== undefined && !sameEndpoint(draft, published) && <Alert severity="warning">{t('agentsAdmin.publicEndpoint.draftDiffers')}</Alert>}
            <FormControlLabel
              control={<Switch checked={values.hasEndpoint} disabled={disabled} onChange={(e) => setValues({ ...values, hasEndpoint: e.target.checked })} />}
              label={t('agentsAdmin.publicEndpoint.hasEndpoint')}
            />
            {values.hasEndpoint ? (
              <EndpointFields values={values} setValues={setValues} problems={problems} disabled={disabled} canEdit={canEdit} saves={saves} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('agentsAdmin.publicEndpoint.offText')}
              </Typography>
            )}
            {!!saving.error && !apiErrorBody(saving.error)?.details?.length && <AdminErrorAlert error={saving.error} />}
            {server.section.length > 0 && (
              <Alert severity="error" role="alert">
                {server.section.join(' ')}
              </Alert>
            )}
            {canEdit && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
                <Typography variant="body2" color={unsaved ? 'warning.main' : 'text.secondary'}>
                  {unsaved ? t('agentsAdmin.publicEndpoint.unsaved') : t('agentsAdmin.publicEndpoint.takesEffect')}
                </Typography>
                <Button
                  variant="outlined"
                  onClick={() => void onSave()}
                  disabled={saving.isLoading}
                  startIcon={saving.isLoading ? <CircularProgress size={16} /> : undefined}
                  sx={{ flexShrink: 0 }}
                >
                  {t('agentsAdmin.publicEndpoint.save')}
                </Button>
              </Stack>
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={3}>
            <EmbedBlock name={values.hasEndpoint && endpointNameValid(name) ? name : null} signed={values.identity.mode !== 'None'} />
            <PreviewBlock liveName={liveName} publishedOff={!!published && !published.isEnabled} />
          </Stack>
        </Grid>
      </Grid>
    </AdminSection>
  );
}

function EndpointFields({
  values,
  setValues,
  problems,
  disabled,
  canEdit,
  saves,
}: {
  values: PublicEndpointValues;
  setValues: (next: PublicEndpointValues, changed?: EndpointField) => void;
  problems: EndpointProblems;
  disabled: boolean;
  canEdit: boolean;
  saves: number;
}) {
  const { t } = useTranslation();
  const brands = useListBrandsForAgentsQuery(undefined, { skip: !canEdit });
  const brandOptions = brands.data?.items.map((b) => ({ id: b.brandKey, label: b.name })) ?? [];
  if (values.brandKey && !brandOptions.some((b) => b.id === values.brandKey)) brandOptions.push({ id: values.brandKey, label: values.brandKey });
  return (
    <Stack spacing={2.5}>
      <TextField
        label={t('agentsAdmin.publicEndpoint.endpointName')}
        value={values.endpointName}
        onChange={(e) => setValues({ ...values, endpointName: e.target.value }, 'endpointName')}
        disabled={disabled}
        error={!!problems.endpointName}
        helperText={problems.endpointName ?? t('agentsAdmin.publicEndpoint.endpointNameHelp')}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 64 } }}
        fullWidth
      />
      <Box>
        <FormControlLabel
          control={<Switch checked={values.isEnabled} disabled={disabled} onChange={(e) => setValues({ ...values, isEnabled: e.target.checked })} />}
          label={t('agentsAdmin.publicEndpoint.isEnabled')}
        />
        <FormHelperText sx={{ mt: 0 }}>{t('agentsAdmin.publicEndpoint.isEnabledHelp')}</FormHelperText>
      </Box>
      <OriginsEditor values={values} setValues={setValues} problem={problems.allowedOrigins} disabled={disabled} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ mb: 1.5 }}>
          {t('agentsAdmin.publicEndpoint.limits')}
        </Typography>
        <Grid container spacing={2}>
          {EndpointLimitFields.map((field) => {
            const [least, most, fallback] = PublicEndpointLimits[field];
            return (
              <Grid key={field} size={{ xs: 12, sm: 6 }}>
                <TextField
                  type="number"
                  label={t(`agentsAdmin.publicEndpoint.limit.${field}`)}
                  value={values.limits[field]}
                  onChange={(e) => setValues({ ...values, limits: { ...values.limits, [field]: e.target.value } }, field)}
                  disabled={disabled}
                  error={!!problems[field]}
                  helperText={
                    problems[field] ??
                    t('agentsAdmin.publicEndpoint.limitsHelp', {
                      least: least.toLocaleString('en-US'),
                      most: most.toLocaleString('en-US'),
                      fallback: fallback.toLocaleString('en-US'),
                    })
                  }
                  slotProps={{ htmlInput: { min: least, max: most, step: 1 } }}
                  fullWidth
                />
              </Grid>
            );
          })}
        </Grid>
      </Box>
      <Stack>
        <FormControlLabel
          control={
            <Switch
              checked={values.requireGuidelinesConsent}
              disabled={disabled}
              onChange={(e) => setValues({ ...values, requireGuidelinesConsent: e.target.checked })}
            />
          }
          label={t('agentsAdmin.publicEndpoint.requireGuidelinesConsent')}
        />
        <FormControlLabel
          control={<Switch checked={values.showCitations} disabled={disabled} onChange={(e) => setValues({ ...values, showCitations: e.target.checked })} />}
          label={t('agentsAdmin.publicEndpoint.showCitations')}
        />
        <FormControlLabel
          control={
            <Switch checked={values.requireBotCheck} disabled={disabled} onChange={(e) => setValues({ ...values, requireBotCheck: e.target.checked })} />
          }
          label={
            <span>
              {t('agentsAdmin.publicEndpoint.requireBotCheck')}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {t('agentsAdmin.publicEndpoint.requireBotCheckHelp')}
              </Typography>
            </span>
          }
        />
      </Stack>
      <TextField
        select
        label={t('agentsAdmin.publicEndpoint.brand')}
        value={values.brandKey}
        onChange={(e) => setValues({ ...values, brandKey: e.target.value }, 'brandKey')}
        disabled={disabled || brands.isLoading || !!brands.error}
        error={!!problems.brandKey}
        helperText={problems.brandKey ?? (brands.error ? t('agentsAdmin.publicEndpoint.brandsForbidden') : undefined)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: { sm: 360 } }}
        fullWidth
      >
        <MenuItem value="">{t('agentsAdmin.publicEndpoint.agentBrand')}</MenuItem>
        {brandOptions.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.label}
          </MenuItem>
        ))}
      </TextField>
      <IdentityFields
        key={saves}
        identity={values.identity}
        setIdentity={(identity, changed) => setValues({ ...values, identity }, changed)}
        problems={problems}
        disabled={disabled}
      />
    </Stack>
  );
}

/** Signed-identity embeds: the mode, the write-only HS256 secret or the RS256 JWKS address, issuer, audience, required. */
function IdentityFields({
  identity,
  setIdentity,
  problems,
  disabled,
}: {
  identity: IdentityValues;
  setIdentity: (next: IdentityValues, changed?: EndpointField) => void;
  problems: EndpointProblems;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState(false);
  const typing = !identity.hasSecret || replacing || identity.secret !== '';
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 0.5 }}>
        {t('agentsAdmin.publicEndpoint.identity.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('agentsAdmin.publicEndpoint.identity.text')}
      </Typography>
      <Stack spacing={2.5}>
        <TextField
          select
          label={t('agentsAdmin.publicEndpoint.identity.mode')}
          value={identity.mode}
          onChange={(e) => setIdentity({ ...identity, mode: e.target.value as IdentityValues['mode'] }, 'secret')}
          disabled={disabled}
          sx={{ maxWidth: { sm: 480 } }}
          fullWidth
        >
          {VisitorIdentityModes.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`agentsAdmin.publicEndpoint.identity.mode${mode}`)}
            </MenuItem>
          ))}
        </TextField>
        {identity.mode === 'HS256' &&
          (typing ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
              <TextField
                label={t('agentsAdmin.publicEndpoint.identity.secret')}
                value={identity.secret}
                onChange={(e) => setIdentity({ ...identity, secret: e.target.value }, 'secret')}
                disabled={disabled}
                error={!!problems.secret}
                helperText={problems.secret ?? t('agentsAdmin.publicEndpoint.identity.secretNew')}
                slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: VisitorSecretLength[1] } }}
                fullWidth
              />
              <Button
                variant="text"
                disabled={disabled}
                onClick={() => setIdentity({ ...identity, secret: newIdentitySecret() }, 'secret')}
                sx={{ mt: { sm: 1 }, flexShrink: 0 }}
              >
                {t('agentsAdmin.publicEndpoint.identity.generate')}
              </Button>
            </Stack>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Typography variant="body2" color="text.secondary">
                {t('agentsAdmin.publicEndpoint.identity.secretSet')}
              </Typography>
              <Button variant="outlined" disabled={disabled} onClick={() => setReplacing(true)} sx={{ flexShrink: 0 }}>
                {t('agentsAdmin.publicEndpoint.identity.secretReplace')}
              </Button>
            </Stack>
          ))}
        {identity.mode === 'RS256' && (
          <TextField
            label={t('agentsAdmin.publicEndpoint.identity.jwksUrl')}
            value={identity.jwksUrl}
            onChange={(e) => setIdentity({ ...identity, jwksUrl: e.target.value }, 'jwksUrl')}
            disabled={disabled}
            error={!!problems.jwksUrl}
            helperText={problems.jwksUrl ?? t('agentsAdmin.publicEndpoint.identity.jwksUrlHelp')}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, maxLength: 2000 } }}
            fullWidth
          />
        )}
        {identity.mode !== 'None' && (
          <>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={t('agentsAdmin.publicEndpoint.identity.issuer')}
                  value={identity.issuer}
                  onChange={(e) => setIdentity({ ...identity, issuer: e.target.value }, 'issuer')}
                  disabled={disabled}
                  error={!!problems.issuer}
                  helperText={problems.issuer ?? t('agentsAdmin.publicEndpoint.identity.issuerHelp')}
                  fullWidth
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={t('agentsAdmin.publicEndpoint.identity.audience')}
                  value={identity.audience}
                  onChange={(e) => setIdentity({ ...identity, audience: e.target.value }, 'audience')}
                  disabled={disabled}
                  error={!!problems.audience}
                  helperText={problems.audience ?? t('agentsAdmin.publicEndpoint.identity.audienceHelp')}
                  fullWidth
                />
              </Grid>
            </Grid>
            <Box>
              <FormControlLabel
                control={<Switch checked={identity.required} disabled={disabled} onChange={(e) => setIdentity({ ...identity, required: e.target.checked })} />}
                label={t('agentsAdmin.publicEndpoint.identity.required')}
              />
              <FormHelperText sx={{ mt: 0 }}>{t('agentsAdmin.publicEndpoint.identity.requiredHelp')}</FormHelperText>
            </Box>
          </>
        )}
      </Stack>
    </Box>
  );
}

function OriginsEditor({
  values,
  setValues,
  problem,
  disabled,
}: {
  values: PublicEndpointValues;
  setValues: (next: PublicEndpointValues, changed?: EndpointField) => void;
  problem: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  const add = () => {
    const why = originProblem(typed, values.allowedOrigins);
    setTypedProblem(why);
    if (why) return;
    setValues({ ...values, allowedOrigins: [...values.allowedOrigins, normalOrigin(typed)] }, 'allowedOrigins');
    setTyped('');
  };
  return (
    <Stack spacing={1.5} role="group" aria-labelledby="public-endpoint-origins">
      <Box>
        <Typography id="public-endpoint-origins" variant="subtitle1">
          {t('agentsAdmin.publicEndpoint.allowedOrigins')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('agentsAdmin.publicEndpoint.allowedOriginsHelp')}
        </Typography>
      </Box>
      {values.allowedOrigins.length === 0 ? (
        <Alert severity="info">{t('agentsAdmin.publicEndpoint.noOrigins')}</Alert>
      ) : (
        <Stack
          direction="row"
          useFlexGap
          spacing={1}
          sx={{ flexWrap: 'wrap' }}
          component="ul"
          aria-label={t('agentsAdmin.publicEndpoint.allowedOrigins')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {values.allowedOrigins.map((origin) => (
            <li key={origin} style={{ maxWidth: '100%' }}>
              <Chip
                label={origin}
                sx={{ maxWidth: '100%' }}
                {...(disabled
                  ? {}
                  : {
                      onDelete: () => setValues({ ...values, allowedOrigins: values.allowedOrigins.filter((o) => o !== origin) }, 'allowedOrigins'),
                      deleteIcon: <CancelIcon role="button" aria-label={t('agentsAdmin.publicEndpoint.removeOrigin', { origin })} aria-hidden={false} />,
                    })}
              />
            </li>
          ))}
        </Stack>
      )}
      {problem && (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      )}
      {!disabled && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('agentsAdmin.publicEndpoint.origin')}
            placeholder="https://www.example.edu"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setTypedProblem(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            error={!!typedProblem}
            helperText={typedProblem ?? undefined}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, inputMode: 'url' } }}
            sx={{ flex: 1 }}
          />
          <Button onClick={add} disabled={typed.trim() === ''} sx={{ mt: 0.5 }}>
            {t('agentsAdmin.publicEndpoint.addOrigin')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function EmbedBlock({ name, signed }: { name: string | null; signed: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const origin = window.location.origin;
  if (!name)
    return (
      <Block title={t('agentsAdmin.publicEndpoint.embedTitle')}>
        <Typography variant="body2" color="text.secondary">
          {t('agentsAdmin.publicEndpoint.embedNeedsName')}
        </Typography>
      </Block>
    );
  const snippet = embedSnippet(origin, name, signed);
  const links = publicChatLinks(origin, name);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      enqueueSnackbar(t('agentsAdmin.publicEndpoint.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('agentsAdmin.publicEndpoint.copyFailed'), { variant: 'warning' });
    }
  };
  return (
    <Block title={t('agentsAdmin.publicEndpoint.embedTitle')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('agentsAdmin.publicEndpoint.embedText')}
      </Typography>
      <Box
        component="pre"
        aria-label={t('agentsAdmin.publicEndpoint.snippet')}
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {snippet}
      </Box>
      <Button size="small" sx={{ mt: 1 }} onClick={() => void copy()}>
        {t('agentsAdmin.publicEndpoint.copy')}
      </Button>
      <Stack spacing={0.5} sx={{ mt: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('agentsAdmin.publicEndpoint.fullPage')}:{' '}
          <Link href={links.page} target="_blank" rel="noopener">
            {links.page}
          </Link>
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('agentsAdmin.publicEndpoint.popup')}:{' '}
          <Link href={links.popup} target="_blank" rel="noopener">
            {links.popup}
          </Link>
        </Typography>
      </Stack>
    </Block>
  );
}

function PreviewBlock({ liveName, publishedOff }: { liveName: string | null; publishedOff: boolean }) {
  const { t } = useTranslation();
  return (
    <Block title={t('agentsAdmin.publicEndpoint.previewTitle')}>
      {liveName ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('agentsAdmin.publicEndpoint.previewPublished', { name: liveName })}
          </Typography>
          <Box
            component="iframe"
            title={t('agentsAdmin.publicEndpoint.previewFrame')}
            src={publicChatLinks('', liveName).popup}
            sx={{ display: 'block', width: '100%', height: 560, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
          />
        </>
      ) : (
        <Box sx={{ border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1, p: 3, textAlign: 'center' }}>
          <Typography variant="subtitle2">{t('agentsAdmin.publicEndpoint.previewEmpty')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {publishedOff ? t('agentsAdmin.publicEndpoint.previewDisabledText') : t('agentsAdmin.publicEndpoint.previewEmptyText')}
          </Typography>
        </Box>
      )}
    </Block>
  );
}
