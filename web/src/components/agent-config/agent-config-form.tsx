// The fields of an agent draft, shared by the admin agent pages and the Edit Personal Agent page.
// Controlled: the page owns the values and decides when to save.
import './agent-config-texts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SystemPromptVariables, agentDescriptionError, agentNameError } from '@atrium/contract';
import { useTranslation } from '../../app/i18n/i18n';
import type { AgentDraftValues } from './agent-config-values';

export interface DeploymentChoice {
  name: string;
  displayName: string;
}

export interface AgentConfigFormProps {
  values: AgentDraftValues;
  onChange: (values: AgentDraftValues) => void;
  deployments: readonly DeploymentChoice[];
  disabled?: boolean;
  /** show the name/description rules once the person tried to save */
  showValidation?: boolean;
}

export function AgentConfigForm({ values, onChange, deployments, disabled, showValidation }: AgentConfigFormProps) {
  const { t } = useTranslation();
  const set = (key: keyof AgentDraftValues) => (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value });
  const nameProblem = showValidation ? agentNameError(values.gptSystemName) : null;
  const descriptionProblem = agentDescriptionError(values.description);
  const variables = SystemPromptVariables.map((v) => `{{${v.name}}}`).join(', ');
  const numberProps = (min: number, max: number, step: number) => ({
    htmlInput: { inputMode: 'decimal' as const, min, max, step },
    inputLabel: { shrink: true },
  });
  return (
    <Stack spacing={2}>
      <TextField
        label={t('agentConfig.name')}
        value={values.gptSystemName}
        onChange={set('gptSystemName')}
        required
        disabled={disabled}
        error={!!nameProblem}
        helperText={nameProblem ?? ' '}
      />
      <TextField
        label={t('agentConfig.description')}
        value={values.description}
        onChange={set('description')}
        disabled={disabled}
        multiline
        minRows={2}
        error={!!descriptionProblem}
        helperText={descriptionProblem ?? ' '}
      />
      <TextField
        label={t('agentConfig.systemPrompt')}
        value={values.systemPrompt}
        onChange={set('systemPrompt')}
        disabled={disabled}
        multiline
        minRows={5}
        helperText={t('agentConfig.systemPromptHelp', { variables })}
      />
      <TextField
        label={t('agentConfig.introduction')}
        value={values.introduction}
        onChange={set('introduction')}
        disabled={disabled}
        multiline
        minRows={2}
        helperText={t('agentConfig.introductionHelp')}
      />
      <TextField
        select
        label={t('agentConfig.deployment')}
        value={values.deploymentName}
        onChange={set('deploymentName')}
        disabled={disabled}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('agentConfig.deploymentDefault')}</MenuItem>
        {deployments.map((d) => (
          <MenuItem key={d.name} value={d.name}>
            {d.displayName}
          </MenuItem>
        ))}
        {values.deploymentName && !deployments.some((d) => d.name === values.deploymentName) && (
          <MenuItem value={values.deploymentName}>{values.deploymentName}</MenuItem>
        )}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="number"
          label={t('agentConfig.temperature')}
          value={values.temperature}
          onChange={set('temperature')}
          disabled={disabled}
          slotProps={numberProps(0, 2, 0.1)}
          fullWidth
        />
        <TextField
          type="number"
          label={t('agentConfig.topP')}
          value={values.topP}
          onChange={set('topP')}
          disabled={disabled}
          slotProps={numberProps(0, 1, 0.05)}
          fullWidth
        />
        <TextField
          type="number"
          label={t('agentConfig.frequencyPenalty')}
          value={values.frequencyPenalty}
          onChange={set('frequencyPenalty')}
          disabled={disabled}
          slotProps={numberProps(-2, 2, 0.1)}
          fullWidth
        />
        <TextField
          type="number"
          label={t('agentConfig.maxTokens')}
          value={values.maxTokens}
          onChange={set('maxTokens')}
          disabled={disabled}
          slotProps={numberProps(1, 1_000_000, 1)}
          fullWidth
        />
      </Stack>
    </Stack>
  );
}
