// The capabilities block of the agent form: image creation, web search and the code interpreter as switches, each
// with the reason the server gives when it cannot work here (a switch that cannot work is off limits, unless the
// draft has it already, so that it can be switched off); vision as what the chosen deployment does; and answering
// only from tool results, which needs a tool that returns information (web search or knowledge).
import './agent-config-texts';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CapabilityAvailability } from '@atrium/contract';
import { useTranslation } from '../../app/i18n/i18n';
import { hasCapability, withCapability, type AgentDraftValues } from './agent-config-values';

export interface DeploymentChoice {
  name: string;
  displayName: string;
  isDefault?: boolean;
  /** sees images */
  vision?: boolean;
  /** calls tools (image creation needs it) */
  tools?: boolean;
}

/** The capabilities offered as switches, in the order shown. */
export const SwitchedCapabilities = ['ImageCreation', 'InternetSearch', 'CodeInterpreter'] as const;
/** Capabilities that return information, which answers may be restricted to. */
const InformationCapabilities = ['InternetSearch', 'FileSearch'];

export interface AgentCapabilitiesProps {
  values: AgentDraftValues;
  onChange: (values: AgentDraftValues) => void;
  availability: readonly CapabilityAvailability[];
  deployments: readonly DeploymentChoice[];
  disabled?: boolean;
  /** the problems at the capabilities and at the restriction (the browser's or the server's) */
  problems: { capabilityTypes?: string; restrictAnswerToInformationReturnedByTools?: string; webSearchResultCount?: string };
}

export function AgentCapabilities({ values, onChange, availability, deployments, disabled, problems }: AgentCapabilitiesProps) {
  const { t } = useTranslation();
  const of = (capability: string) => availability.find((a) => a.capabilityType === capability);
  // the deployment that answers: the one the draft names, else the instance default
  const answering = deployments.find((d) => d.name === values.deploymentName) ?? (values.deploymentName ? undefined : deployments.find((d) => d.isDefault));
  const seeing = deployments.filter((d) => d.vision);
  const restrictPossible = InformationCapabilities.some((c) => of(c)?.available);

  const capabilitySwitch = (capability: (typeof SwitchedCapabilities)[number]) => {
    const on = hasCapability(values.capabilityTypes, capability);
    const known = of(capability);
    const available = known?.available ?? false;
    const notes: string[] = [];
    if (!available && known?.reason) notes.push(known.reason);
    else notes.push(t(`agentConfig.capabilities.${capability}Help`));
    if (capability === 'ImageCreation' && on && available && answering && answering.tools === false)
      notes.push(t('agentConfig.capabilities.imageNeedsTools', { deployment: answering.displayName }));
    const id = `capability-${capability}`;
    return (
      <div key={capability}>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              onChange={(e) => onChange({ ...values, capabilityTypes: withCapability(values.capabilityTypes, capability, e.target.checked) })}
              disabled={disabled || (!available && !on)}
              slotProps={{ input: { 'aria-describedby': id } }}
            />
          }
          label={t(`agentConfig.capabilities.${capability}`)}
        />
        <FormHelperText id={id} sx={{ mt: -0.5, ml: 6 }}>
          {notes.join(' ')}
        </FormHelperText>
        {capability === 'InternetSearch' && on && (
          <TextField
            type="number"
            size="small"
            label={t('agentConfig.capabilities.resultCount')}
            value={values.webSearchResultCount}
            onChange={(e) => onChange({ ...values, webSearchResultCount: e.target.value })}
            disabled={disabled}
            error={!!problems.webSearchResultCount}
            helperText={problems.webSearchResultCount ?? t('agentConfig.capabilities.resultCountHelp')}
            placeholder="5"
            slotProps={{ htmlInput: { inputMode: 'numeric', step: 1, min: 1, max: 10 }, inputLabel: { shrink: true } }}
            sx={{ ml: 6, mt: 1.5, maxWidth: 200 }}
          />
        )}
      </div>
    );
  };

  const vision = () => {
    if (!answering) return of('Vision')?.reason ?? null;
    if (answering.vision) return t('agentConfig.capabilities.visionOn', { deployment: answering.displayName });
    if (seeing.length === 0) return of('Vision')?.reason ?? null;
    return t('agentConfig.capabilities.visionOff', { deployment: answering.displayName, deployments: seeing.map((d) => d.displayName).join(', ') });
  };
  const visionText = vision();

  return (
    <Stack component="section" aria-labelledby="agent-capabilities-title" spacing={0.5}>
      <Typography id="agent-capabilities-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('agentConfig.capabilities.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ pb: 0.5 }}>
        {t('agentConfig.capabilities.intro')}
      </Typography>
      {SwitchedCapabilities.map(capabilitySwitch)}
      {problems.capabilityTypes && <FormHelperText error>{problems.capabilityTypes}</FormHelperText>}
      {visionText && (
        <div>
          <Typography variant="body1" sx={{ pt: 0.5 }}>
            {t('agentConfig.capabilities.vision')}
          </Typography>
          <FormHelperText data-testid="agent-vision" sx={{ mt: 0 }}>
            {visionText}
          </FormHelperText>
        </div>
      )}
      <div>
        <FormControlLabel
          sx={{ pt: 1 }}
          control={
            <Switch
              checked={values.restrictAnswerToInformationReturnedByTools}
              onChange={(e) => onChange({ ...values, restrictAnswerToInformationReturnedByTools: e.target.checked })}
              disabled={disabled || (!restrictPossible && !values.restrictAnswerToInformationReturnedByTools)}
              slotProps={{ input: { 'aria-describedby': 'capability-restrict' } }}
            />
          }
          label={t('agentConfig.capabilities.restrict')}
        />
        <FormHelperText id="capability-restrict" error={!!problems.restrictAnswerToInformationReturnedByTools} sx={{ mt: -0.5, ml: 6 }}>
          {problems.restrictAnswerToInformationReturnedByTools ??
            (restrictPossible ? t('agentConfig.capabilities.restrictHelp') : t('agentConfig.capabilities.restrictUnavailable'))}
        </FormHelperText>
      </div>
    </Stack>
  );
}
