// The server's verdict on a draft (docs/product.md §8): errors under "Create Agent Failure!" as a list in the
// form, warnings as warning alerts naming the property.
import './agent-config-texts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import type { ConfigIssue } from '@atrium/contract';
import { useTranslation } from '../../app/i18n/i18n';

export function ConfigIssues({ errors, warnings }: { errors: readonly ConfigIssue[]; warnings: readonly ConfigIssue[] }) {
  const { t } = useTranslation();
  if (errors.length === 0 && warnings.length === 0) return null;
  return (
    <Stack spacing={1}>
      {errors.length > 0 && (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('agentConfig.createFailure')}</AlertTitle>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {errors.map((e) => (
              <li key={`${e.property}:${e.message}`}>
                <strong>{e.property}</strong>: {e.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {warnings.map((w) => (
        <Alert key={`${w.property}:${w.message}`} severity="warning">
          <strong>{w.property}</strong>: {w.message}
        </Alert>
      ))}
    </Stack>
  );
}
