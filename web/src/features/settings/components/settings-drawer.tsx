// docs/product.md §2 Settings drawer: contrast, stretch, reading answers aloud (docs/speech.md), fullscreen; Reset and Close.
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SpeechRoutes, type SpeechOptions } from '@atrium/contract';
import { useEffect, useState } from 'react';
import { http } from '../../../app/api/http';
import { useTranslation } from '../../../app/i18n/i18n';
import { useAppDispatch, useAppSelector } from '../../../app/state/hooks';
import { settingsActions } from '../../../app/state/settings.slice';
import { uiActions } from '../../../app/state/ui.slice';
import { RightPanel } from '../../../components/right-panel';

function useFullscreen() {
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () =>
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {
      // Browsers refuse fullscreen outside a user gesture or inside some frames; nothing to do.
    });
  return { active, toggle };
}

/** How answers are read aloud here (docs/speech.md): asked when reading aloud is on and the drawer open. */
function useSpeechOptions(ask: boolean): SpeechOptions | null {
  const [options, setOptions] = useState<SpeechOptions | null>(null);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    void http()
      .request<SpeechOptions>({ url: SpeechRoutes.options })
      .then((r) => live && r.data && setOptions(r.data));
    return () => {
      live = false;
    };
  }, [ask]);
  return options;
}

export default function SettingsDrawer() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.ui.rightPanel === 'settings');
  const settings = useAppSelector((s) => s.settings);
  const fullscreen = useFullscreen();
  const speech = useSpeechOptions(open && settings.readAloud);
  const close = () => dispatch(uiActions.openPanel(null));

  return (
    <RightPanel
      open={open}
      title={t('settings.title')}
      onClose={close}
      footer={
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" color="inherit" fullWidth onClick={() => dispatch(settingsActions.resetSettings())}>
            {t('settings.reset')}
          </Button>
          <Button variant="contained" fullWidth onClick={close}>
            {t('common.close')}
          </Button>
        </Stack>
      }
    >
      <Stack spacing={3.5}>
        <Stack spacing={1.25}>
          <Typography id="settings-contrast" variant="overline" color="text.secondary">
            {t('settings.contrast')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            aria-labelledby="settings-contrast"
            value={settings.themeContrast}
            onChange={(_e, value: 'default' | 'bold' | null) => value && dispatch(settingsActions.setContrast(value))}
          >
            <ToggleButton value="default">{t('settings.contrastDefault')}</ToggleButton>
            <ToggleButton value="bold">{t('settings.contrastBold')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Stack spacing={0.5}>
          <FormControlLabel
            labelPlacement="start"
            sx={{ mx: 0, justifyContent: 'space-between' }}
            label={t('settings.stretch')}
            control={<Switch checked={settings.themeStretch} onChange={(e) => dispatch(settingsActions.setStretch(e.target.checked))} />}
          />
          <Typography variant="caption" color="text.secondary">
            {t('settings.stretchHint')}
          </Typography>
        </Stack>
        <Stack spacing={0.5}>
          <FormControlLabel
            labelPlacement="start"
            sx={{ mx: 0, justifyContent: 'space-between' }}
            label={t('settings.readAloud')}
            control={<Switch checked={settings.readAloud} onChange={(e) => dispatch(settingsActions.setReadAloud(e.target.checked))} />}
          />
          <Typography variant="caption" color="text.secondary">
            {t('settings.readAloudHint')}
          </Typography>
          {settings.readAloud && speech?.engine === 'Server' && speech.voices.length > 0 && (
            <TextField
              select
              size="small"
              sx={{ mt: 1.5 }}
              label={t('settings.readAloudVoice')}
              value={settings.readAloudVoice && speech.voices.includes(settings.readAloudVoice) ? settings.readAloudVoice : (speech.defaultVoice ?? '')}
              onChange={(e) => dispatch(settingsActions.setReadAloudVoice(e.target.value === speech.defaultVoice ? null : e.target.value))}
            >
              {speech.voices.map((voice) => (
                <MenuItem key={voice} value={voice}>
                  {voice.charAt(0).toUpperCase() + voice.slice(1)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {settings.readAloud && speech?.engine === 'Browser' && (
            <Typography variant="caption" color="text.secondary">
              {t('settings.readAloudBrowserVoice')}
            </Typography>
          )}
        </Stack>
        <Button
          variant="outlined"
          color="inherit"
          fullWidth
          onClick={fullscreen.toggle}
          startIcon={fullscreen.active ? <FullscreenExitIcon /> : <FullscreenIcon />}
        >
          {fullscreen.active ? t('settings.exitFullscreen') : t('settings.fullscreen')}
        </Button>
      </Stack>
    </RightPanel>
  );
}
