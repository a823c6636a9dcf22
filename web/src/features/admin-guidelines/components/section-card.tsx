// One section of a guidelines document: title and markdown content edited in place, saved on demand,
// moved up or down, or deleted (with confirmation, since people will be asked to accept again).
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '../../../components/tooltip';
import { GuidelinesTitleMaxLength, type GuidelinesSection } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

export interface SectionCardProps {
  section: GuidelinesSection;
  index: number;
  count: number;
  disabled: boolean;
  onSave: (title: string, content: string) => Promise<boolean>;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}

export function SectionCard({ section, index, count, disabled, onSave, onMove, onDelete }: SectionCardProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(section.title);
  const [content, setContent] = useState(section.content);
  const [saving, setSaving] = useState(false);
  const changed = title !== section.title || content !== section.content;
  const save = async () => {
    setSaving(true);
    await onSave(title, content);
    setSaving(false);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={section.title}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label={t('guidelinesAdmin.fields.sectionTitle')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            size="small"
            fullWidth
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: GuidelinesTitleMaxLength } }}
          />
          <Tooltip title={t('guidelinesAdmin.moveUp')}>
            <span>
              <IconButton aria-label={`${t('guidelinesAdmin.moveUp')}: ${section.title}`} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
                <ArrowUpwardIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('guidelinesAdmin.moveDown')}>
            <span>
              <IconButton
                aria-label={`${t('guidelinesAdmin.moveDown')}: ${section.title}`}
                disabled={disabled || index === count - 1}
                onClick={() => onMove(1)}
              >
                <ArrowDownwardIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('guidelinesAdmin.deleteSection')}>
            <span>
              <IconButton aria-label={`${t('guidelinesAdmin.deleteSection')}: ${section.title}`} disabled={disabled} onClick={onDelete}>
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        <TextField
          label={t('guidelinesAdmin.fields.content')}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          multiline
          minRows={4}
          maxRows={20}
          disabled={disabled}
          slotProps={{ htmlInput: { sx: { fontFamily: 'monospace' } } }}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="outlined" size="small" disabled={disabled || !changed || saving || title.trim() === ''} onClick={() => void save()}>
            {t('guidelinesAdmin.saveSection')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
