// Asks for consent to an agent's guidelines before a question is sent (new chat, follow-up, edit,
// regenerate), once per document id: ids are kept in the chat state (guidelinesDocumentConsent) and
// the server keeps the record per content version, so a changed document is asked for again.
import type { DetailsForConversation } from '@atrium/contract';
import { ErrorCodes, GuidelinesErrorCodes } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { lazy, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { chatActions } from '../../../app/state/chat.slice';
import { useAppDispatch, useAppSelector } from '../../../app/state/hooks';
import { apiErrorBody } from '../../../components/admin/api-error';
import { LazyMount } from '../../../components/lazy-mount';
import { useGiveGuidelinesConsentMutation, useLazyGetUserGuidelinesDocumentQuery } from '../api/guidelines-consent.api';
import type { UserGuidelinesDocument } from '@atrium/contract';

const GuidelinesConsentDialog = lazy(() => import('../components/guidelines-consent-dialog').then((m) => ({ default: m.GuidelinesConsentDialog })));

type Guardable = { send: (question: string) => unknown; edit: (...args: never[]) => unknown; regenerate: (...args: never[]) => unknown };

export function useGuidelinesConsent(details: DetailsForConversation | undefined) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const consented = useAppSelector((s) => s.chat.guidelinesDocumentConsent);
  const [load] = useLazyGetUserGuidelinesDocumentQuery();
  const [giveConsent, saving] = useGiveGuidelinesConsentMutation();
  // `settle` tells the caller whether the question went (accepted) or not (cancelled), so that the
  // input can give a cancelled question back instead of losing it
  const [pending, setPending] = useState<{ document: UserGuidelinesDocument; run: () => void; settle: (sent: boolean) => void } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const guidelines = details?.guidelinesDocument ?? null;

  /** Runs the question now or once accepted; resolves whether it was sent. */
  const guard = (run: () => void): Promise<boolean> => {
    if (!guidelines || consented.includes(guidelines.guidelinesDocumentId)) {
      run();
      return Promise.resolve(true);
    }
    return new Promise<boolean>((settle) => {
      void load(guidelines.guidelinesDocumentId)
        .unwrap()
        .then((document) => {
          if (!document.consentRequired) {
            dispatch(chatActions.guidelinesConsentGiven(document.guidelinesDocumentId));
            run();
            settle(true);
          } else {
            setError(null);
            setPending({ document, run, settle });
          }
        })
        .catch(() => {
          enqueueSnackbar(t('guidelinesConsent.loadFailed'), { variant: 'error' });
          settle(false);
        });
    });
  };

  const accept = async () => {
    if (!pending) return;
    const { document, run, settle } = pending;
    const result = await giveConsent({ id: document.guidelinesDocumentId, contentVersion: document.contentVersion });
    if ('error' in result) {
      // the text changed while it was open: show the current version instead
      if (apiErrorBody(result.error)?.code === GuidelinesErrorCodes.versionChanged) {
        const fresh = await load(document.guidelinesDocumentId)
          .unwrap()
          .catch(() => null);
        if (fresh) setPending({ document: fresh, run, settle });
        setError(t('guidelinesConsent.changed'));
      } else setError(apiErrorBody(result.error)?.code === ErrorCodes.notFound ? t('guidelinesConsent.loadFailed') : t('guidelinesConsent.saveFailed'));
      return;
    }
    dispatch(chatActions.guidelinesConsentGiven(document.guidelinesDocumentId));
    setPending(null);
    run();
    settle(true);
  };

  const cancel = () => {
    pending?.settle(false);
    setPending(null);
  };

  /** The conversation actions, with every question held until the agent's guidelines are accepted. */
  const guardActions = <T extends Guardable>(actions: T): T => ({
    ...actions,
    send: (question: string) => guard(() => void actions.send(question)),
    edit: (...args: Parameters<T['edit']>) => guard(() => void (actions.edit as (...a: unknown[]) => unknown)(...args)),
    regenerate: (...args: Parameters<T['regenerate']>) => guard(() => void (actions.regenerate as (...a: unknown[]) => unknown)(...args)),
  });

  const dialog: ReactNode = (
    <LazyMount open={pending !== null}>
      <GuidelinesConsentDialog
        document={pending?.document ?? null}
        agentName={details?.gptSystem.name ?? ''}
        busy={saving.isLoading}
        error={error}
        onAccept={() => void accept()}
        onCancel={cancel}
      />
    </LazyMount>
  );
  return { guardActions, dialog };
}
