// The way back to the end of the conversation once the reader has scrolled up (hooks/use-follow-output.ts):
// a small button just above the input, centred. A contained Button in a Grow rather than MUI's Fab and Zoom,
// which the chat's first load would otherwise carry for this button alone (bench/README.md, bundle size).
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grow from '@mui/material/Grow';
import { useTranslation } from '../../../app/i18n/i18n';
import '../chat-notices-texts';

export function JumpToLatest({ show, onClick }: { show: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    // a zero-height strip at the top of the input: the button floats above it without moving anything
    <Box sx={{ position: 'absolute', left: 0, right: 0, top: 0, height: 0, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}>
      <Grow in={show} unmountOnExit>
        {/* Grow sets the transform of its child: the lift above the input is on the box inside it */}
        <Box>
          <Box sx={{ transform: 'translateY(-100%)', mt: -1.5 }}>
            <Button
              variant="contained"
              size="small"
              onClick={onClick}
              startIcon={<ArrowDownward fontSize="small" />}
              sx={{ pointerEvents: 'auto', borderRadius: 999, px: 2, textTransform: 'none', boxShadow: 3 }}
            >
              {t('chatNotices.jumpToLatest')}
            </Button>
          </Box>
        </Box>
      </Grow>
    </Box>
  );
}
