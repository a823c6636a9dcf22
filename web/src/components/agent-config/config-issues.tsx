// The server's verdict on a draft (docs/product.md §8) that no field of the form shows: errors as a list under a
// title that says what failed ("Create Agent Failure!" only when creating an agent failed), and warnings as
// warning alerts naming the property (by its label where the form has one).
import './agent-config-texts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import type { ConfigIssue } from '@atrium/contract';
import { useTranslation } from '../../app/i18n/i18n';

/** What failed: creating an agent, saving the draft, a saved draft with errors, or publishing. */
export type IssueKind = 'create' | 'save' | 'draft' | 'publish';

export interface ConfigIssuesProps {
  errors: readonly ConfigIssue[];
  warnings: readonly ConfigIssue[];
  kind: IssueKind;
  /** the form's labels of properties, so that a warning names the field as the form does */
  labels?: Readonly<Record<string, string>>;
}

export function ConfigIssues({ errors, warnings, kind, labels = {} }: ConfigIssuesProps) {
  const { t } = useTranslation();
  if (errors.length === 0 && warnings.length === 0) return null;
  const name = (property: string) => labels[property] ?? property;
  return (
    <Stack spacing={1}>
      {errors.length > 0 && (
        <Alert severity="error" role="alert">
          <AlertTitle>{t(`agentConfig.issues.${kind}`)}</AlertTitle>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {errors.map((e) => (
              <li key={`${e.property}:${e.message}`}>
                {e.property === 'request' ? (
                  e.message
                ) : (
                  <>
                    <strong>{name(e.property)}</strong>: {e.message}
                  </>
                )}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {warnings.map((w) => (
        <Alert key={`${w.property}:${w.message}`} severity="warning">
          <strong>{name(w.property)}</strong>: {w.message}
        </Alert>
      ))}
    </Stack>
  );
}
