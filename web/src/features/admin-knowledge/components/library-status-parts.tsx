// The parts the list and the edit page share: a library's files counted by status (chips in SPEC's status colours),
// and what its search mode means in plain words.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FileLibrary, FileLibraryDetailsForCreate, LibraryFileStatus } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { StatusChip } from '../../../components/admin';

const countKeys: Array<[LibraryFileStatus, keyof FileLibrary['files']]> = [
  ['Online', 'online'],
  ['Processing', 'processing'],
  ['Queued', 'queued'],
  ['OutOfDate', 'outOfDate'],
  ['Error', 'error'],
];

/** "3 Online", "1 Processing", …: only the statuses some file has. */
export function FileCountChips({ files }: { files: FileLibrary['files'] }) {
  const { t } = useTranslation();
  if (files.total === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('knowledgeAdmin.noFiles')}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('knowledgeAdmin.fileCount', { count: files.total })}>
      {countKeys
        .filter(([, key]) => files[key] > 0)
        .map(([status, key]) => (
          <StatusChip key={status} status={status} label={t('knowledgeAdmin.statusCount', { count: files[key], status: t(`adminUi.status.${status}`) })} />
        ))}
    </Stack>
  );
}

type SearchOffer = Pick<FileLibraryDetailsForCreate, 'embeddingDeployments' | 'vectorSearchAvailable'> | undefined;

/** Why full text only: no embedding deployment at all, no vectors in the database, or none chosen for the library. */
const fullTextReason = (details: SearchOffer): 'NoDeployment' | 'NoVectors' | 'NotChosen' => {
  if (!details || details.embeddingDeployments.length === 0) return 'NoDeployment';
  if (!details.vectorSearchAvailable) return 'NoVectors';
  return 'NotChosen';
};

/** How a library searches, in plain words: by meaning too (and with which deployment), or why by words only. */
export function useRetrievalExplanation(): (library: Pick<FileLibrary, 'retrievalMode' | 'embeddingDeploymentName'>, details: SearchOffer) => string {
  const { t } = useTranslation();
  return (library, details) => {
    const deployment = details?.embeddingDeployments.find((d) => d.name === library.embeddingDeploymentName);
    const name = deployment?.displayName ?? library.embeddingDeploymentName ?? '';
    if (library.retrievalMode === 'Hybrid') return t('knowledgeAdmin.retrieval.hybrid', { deployment: name });
    // the full-text index turned off (…/textIndex): vectors alone, or nothing
    if (library.retrievalMode === 'Vector') return t('knowledgeAdmin.retrieval.vectorOnly', { deployment: name });
    if (library.retrievalMode === 'None') return t('knowledgeAdmin.retrieval.noSearch');
    return t(`knowledgeAdmin.retrieval.fullText${fullTextReason(details)}`);
  };
}

/** The notice over the list when some library searches full text only. */
export function FullTextNotice({ details }: { details: SearchOffer }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="full-text-notice">
      {t(`knowledgeAdmin.retrieval.listFullText${fullTextReason(details)}`)}
    </Alert>
  );
}
