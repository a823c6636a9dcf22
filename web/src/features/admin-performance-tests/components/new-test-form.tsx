// The form of a new performance test: the agent, virtual users, questions each, ramp-up and the question set (one per
// line). "Estimate and run" asks the server what the run would cost and shows it as a warning to confirm; only then is
// the run started, and its page opened.
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PerformanceTestLimits as L, type PerformanceTestEstimate, type PerformanceTestInput } from '@atrium/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetAgentsQuery } from '../../../app/api/agents.api';
import { AdminErrorAlert, ConfirmDialog, fieldErrors } from '../../../components/admin';
import { useEstimatePerformanceTestMutation, useStartPerformanceTestMutation } from '../api/performance-tests.api';
import { formatCost, formatNumber } from './run-format';

const DefaultQuestions = ['What can you help me with?', 'Summarise the main points of your instructions in three bullet points.'];

export function NewTestForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const agents = useGetAgentsQuery('available');
  const [agentId, setAgentId] = useState('');
  const [virtualUsers, setVirtualUsers] = useState('5');
  const [questionsPerUser, setQuestionsPerUser] = useState('2');
  const [rampUp, setRampUp] = useState('5');
  const [questionText, setQuestionText] = useState(DefaultQuestions.join('\n'));
  const [estimate, { isLoading: estimating, error: estimateError, reset: resetEstimate }] = useEstimatePerformanceTestMutation();
  const [start, { isLoading: starting, error: startError, reset: resetStart }] = useStartPerformanceTestMutation();
  const [pending, setPending] = useState<{ input: PerformanceTestInput; estimate: PerformanceTestEstimate } | null>(null);

  const items = agents.data?.items ?? [];
  const gptSystemId = agentId || items[0]?.gptSystemId || '';
  const input = (): PerformanceTestInput => ({
    gptSystemId,
    virtualUsers: Number(virtualUsers),
    questionsPerUser: Number(questionsPerUser),
    rampUpSeconds: Number(rampUp),
    questions: questionText
      .split('\n')
      .map((q) => q.trim())
      .filter((q) => q !== ''),
  });
  const errors = fieldErrors(estimateError);
  const questionsError = Object.entries(errors).find(([field]) => field.startsWith('questions'))?.[1];

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    resetStart();
    const body = input();
    const result = await estimate(body);
    if ('data' in result && result.data) setPending({ input: body, estimate: result.data });
  };
  const onConfirm = async () => {
    if (!pending) return;
    const result = await start(pending.input);
    setPending(null);
    if ('data' in result && result.data) void navigate(`/admin/performanceTests/${result.data.performanceTestId}`);
  };
  const clear = () => {
    resetEstimate();
    resetStart();
  };
  const e = pending?.estimate;
  const general = startError ?? (estimateError && Object.keys(errors).length === 0 ? estimateError : null);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="performance-test-new" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="performance-test-new" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {t('adminPerformanceTests.newTest')}
      </Typography>
      <form onSubmit={(ev) => void onSubmit(ev)} onChange={clear} noValidate>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              select
              fullWidth
              label={t('adminPerformanceTests.agent')}
              value={gptSystemId}
              onChange={(ev) => {
                setAgentId(ev.target.value);
                clear();
              }}
              disabled={agents.isLoading || items.length === 0}
              error={Boolean(errors.gptSystemId)}
              helperText={errors.gptSystemId ?? (agents.isSuccess && items.length === 0 ? t('adminPerformanceTests.noAgents') : ' ')}
              slotProps={{ htmlInput: { 'data-testid': 'performance-test-agent' } }}
            >
              {items.map((a) => (
                <MenuItem key={a.gptSystemId} value={a.gptSystemId}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <TextField
              fullWidth
              type="number"
              label={t('adminPerformanceTests.virtualUsers')}
              value={virtualUsers}
              onChange={(ev) => setVirtualUsers(ev.target.value)}
              error={Boolean(errors.virtualUsers)}
              helperText={errors.virtualUsers ?? t('adminPerformanceTests.virtualUsersHelp', { max: L.maxVirtualUsers })}
              slotProps={{ htmlInput: { min: 1, max: L.maxVirtualUsers, step: 1 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <TextField
              fullWidth
              type="number"
              label={t('adminPerformanceTests.questionsPerUser')}
              value={questionsPerUser}
              onChange={(ev) => setQuestionsPerUser(ev.target.value)}
              error={Boolean(errors.questionsPerUser)}
              helperText={errors.questionsPerUser ?? t('adminPerformanceTests.questionsPerUserHelp', { max: L.maxQuestionsPerUser })}
              slotProps={{ htmlInput: { min: 1, max: L.maxQuestionsPerUser, step: 1 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <TextField
              fullWidth
              type="number"
              label={t('adminPerformanceTests.rampUp')}
              value={rampUp}
              onChange={(ev) => setRampUp(ev.target.value)}
              error={Boolean(errors.rampUpSeconds)}
              helperText={errors.rampUpSeconds ?? t('adminPerformanceTests.rampUpHelp', { max: L.maxRampUpSeconds })}
              slotProps={{ htmlInput: { min: 0, max: L.maxRampUpSeconds, step: 1 } }}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              fullWidth
              multiline
              minRows={3}
              maxRows={10}
              label={t('adminPerformanceTests.questions')}
              value={questionText}
              onChange={(ev) => setQuestionText(ev.target.value)}
              error={Boolean(questionsError)}
              helperText={questionsError ?? t('adminPerformanceTests.questionsHelp', { max: L.maxQuestionSet })}
            />
          </Grid>
        </Grid>
        {general ? <AdminErrorAlert error={general} /> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary">
            {t('adminPerformanceTests.limits', { total: L.maxTotalQuestions, minutes: L.maxDurationSeconds / 60 })}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            disabled={estimating || starting || !gptSystemId}
            startIcon={estimating ? <CircularProgress size={16} color="inherit" /> : <PlayArrowOutlined />}
            sx={{ flexShrink: 0 }}
          >
            {estimating ? t('adminPerformanceTests.estimating') : t('adminPerformanceTests.estimate')}
          </Button>
        </Stack>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={t('adminPerformanceTests.confirmTitle')}
        tone="primary"
        busy={starting}
        confirmLabel={t('adminPerformanceTests.run')}
        onCancel={() => setPending(null)}
        onConfirm={() => void onConfirm()}
        text={
          e ? (
            <Stack spacing={1.5} data-testid="performance-test-cost-warning">
              <span>
                {t('adminPerformanceTests.confirmIntro', {
                  questions: formatNumber(e.totalQuestions, i18n.language),
                  agent: e.gptSystemName,
                  deployment: e.deploymentDisplayName,
                })}
              </span>
              <Alert severity="warning" variant="outlined">
                <div>
                  {t('adminPerformanceTests.estimatedTokens', {
                    input: formatNumber(e.inputTokens, i18n.language),
                    output: formatNumber(e.outputTokens, i18n.language),
                  })}
                </div>
                <strong>
                  {e.cost === null
                    ? t('adminPerformanceTests.noPrices')
                    : t('adminPerformanceTests.estimatedCost', { cost: formatCost(e.cost, i18n.language) })}
                </strong>
              </Alert>
              <Typography variant="caption" color="text.secondary">
                {t('adminPerformanceTests.estimateNote')}
              </Typography>
            </Stack>
          ) : (
            ''
          )
        }
      />
    </Paper>
  );
}
