// The fields of an agent draft, shared by the admin agent pages and the Edit Personal Agent page: each with its
// problem next to it in plain words (found in the browser with the contract's rules, or named by the server), and
// the capabilities block. Controlled: the page owns the values and decides when to save.
import './agent-config-texts';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SystemPromptVariables, type CapabilityAvailability } from '@atrium/contract';
import { ConfigStateUpdateSchema } from '@atrium/contract/forms';
import { numberBounds } from '../forms/schema-issues';
import { useTranslation } from '../../app/i18n/i18n';
import { AgentCapabilities, type DeploymentChoice } from './agent-capabilities';
import type { AgentDraftValues } from './agent-config-values';
import type { AgentFormField, FieldProblems } from './agent-config-fields';

export type { DeploymentChoice } from './agent-capabilities';

export interface AgentConfigFormProps {
  values: AgentDraftValues;
  onChange: (values: AgentDraftValues) => void;
  deployments: readonly DeploymentChoice[];
  /** what the server can offer; the capabilities block waits for it */
  capabilities?: readonly CapabilityAvailability[];
  disabled?: boolean;
  /** each field's problem (useDraftEditor's fieldProblems) */
  problems: FieldProblems;
}

export function AgentConfigForm({ values, onChange, deployments, capabilities, disabled, problems }: AgentConfigFormProps) {
  const { t } = useTranslation();
  const variables = SystemPromptVariables.map((v) => `{{${v.name}}}`).join(', ');
  const text = (key: AgentFormField & keyof AgentDraftValues) => ({
    value: values[key] as string,
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }),
    disabled,
    error: !!problems[key],
  });
  const numberField = (key: 'temperature' | 'topP' | 'frequencyPenalty' | 'maxTokens', step: number) => {
    // the spinner's range is the schema's
    const { min, max } = numberBounds(ConfigStateUpdateSchema, key);
    return (
      <TextField
        type="number"
        label={t(`agentConfig.${key}`)}
        {...text(key)}
        helperText={problems[key] ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal', step, min: min ?? undefined, max: max ?? undefined }, inputLabel: { shrink: true } }}
        fullWidth
      />
    );
  };
  const deploymentNotes = (d: DeploymentChoice) =>
    [d.vision ? t('agentConfig.deploymentSeesImages') : null, d.tools ? t('agentConfig.deploymentCallsTools') : null].filter(Boolean).join(' · ');
  const nameOf = (name: string) => (name === '' ? t('agentConfig.deploymentDefault') : (deployments.find((d) => d.name === name)?.displayName ?? name));
  return (
    <Stack spacing={2}>
      <TextField label={t('agentConfig.name')} {...text('gptSystemName')} required helperText={problems.gptSystemName ?? ' '} />
      <TextField label={t('agentConfig.description')} {...text('description')} multiline minRows={2} helperText={problems.description ?? ' '} />
      <TextField
        label={t('agentConfig.systemPrompt')}
        {...text('systemPrompt')}
        multiline
        minRows={5}
        helperText={problems.systemPrompt ?? t('agentConfig.systemPromptHelp', { variables })}
      />
      <TextField
        label={t('agentConfig.introduction')}
        {...text('introduction')}
        multiline
        minRows={2}
        helperText={problems.introduction ?? t('agentConfig.introductionHelp')}
      />
      <TextField
        select
        label={t('agentConfig.deployment')}
        {...text('deploymentName')}
        helperText={problems.deploymentName ?? ' '}
        slotProps={{ select: { displayEmpty: true, renderValue: (v) => nameOf(String(v)) }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('agentConfig.deploymentDefault')}</MenuItem>
        {deployments.map((d) => (
          <MenuItem key={d.name} value={d.name} sx={{ gap: 1, flexWrap: 'wrap' }}>
            {d.displayName}
            {deploymentNotes(d) && (
              <Typography component="span" variant="body2" color="text.secondary">
                {deploymentNotes(d)}
              </Typography>
            )}
          </MenuItem>
        ))}
        {values.deploymentName && !deployments.some((d) => d.name === values.deploymentName) && (
          <MenuItem value={values.deploymentName}>{values.deploymentName}</MenuItem>
        )}
      </TextField>
      {/* two by two: each field's message fits under it */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 2 }}>
        {numberField('temperature', 0.1)}
        {numberField('topP', 0.05)}
        {numberField('frequencyPenalty', 0.1)}
        {numberField('maxTokens', 1)}
      </Box>
      {capabilities && (
        <>
          <Divider />
          <AgentCapabilities
            values={values}
            onChange={onChange}
            availability={capabilities}
            deployments={deployments}
            disabled={disabled}
            problems={{
              capabilityTypes: problems.capabilityTypes,
              restrictAnswerToInformationReturnedByTools: problems.restrictAnswerToInformationReturnedByTools,
              webSearchResultCount: problems.webSearchResultCount,
            }}
          />
        </>
      )}
    </Stack>
  );
}
