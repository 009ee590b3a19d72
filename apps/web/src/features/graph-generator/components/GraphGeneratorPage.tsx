import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import {
  GRAPH_GENERATOR_TEXTS,
  GRAPH_TEXT_MAX_LENGTH,
  type GraphOverrides,
  type GraphResponse,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CountedTextField } from '../../../components/CountedTextField.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { generateGraph } from '../api/generate-graph.ts';
import { browserUtcOffset, overridesFrom } from '../graph-view.ts';
import { GraphChartPanel } from './GraphChartPanel.tsx';
import { GraphQuestion } from './GraphQuestion.tsx';

type Chart = Extract<GraphResponse, { status: 'chart' }>;

/**
 * Shown before the first request, so an empty page says what may be asked; they name no gateway, so fit any
 * customer. Requests are read in English (docs/graph-generator.md), so the examples are English in every language.
 */
const EXAMPLES = [
  'CO2 of all gateways in the last 24 hours',
  'hourly average temperature of online gateways yesterday',
  'CPU of the fleet this week',
] as const;

/**
 * /cli/UserDashboard?scopeId= (spec 002 section 2 'User graph page'; docs/graph-generator.md): a free-text
 * request and Generate (disabled for empty text). The answer is a chart with what was understood as
 * editable chips beside it, or a question with candidates to pick.
 */
export function GraphGeneratorPage() {
  const t = useT('graph-generator');
  const messageText = useMessageText();
  const [searchParams] = useSearchParams();
  const { tenantId } = useSession();
  const scopeId = searchParams.get('scopeId') || tenantId;
  const [text, setText] = useState('');
  // The last chart stays on screen while an edited chip is charted again.
  const [chart, setChart] = useState<Chart | null>(null);
  const generate = useMutation({
    mutationFn: (request: { text: string; overrides?: GraphOverrides }) =>
      generateGraph({ scopeId, utcOffsetMinutes: browserUtcOffset(), ...request }),
    onSuccess: (answer) => {
      if (answer.status === 'chart') setChart(answer);
      else setChart(null);
    },
    onError: () => setChart(null),
  });
  const sentence = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sentence) generate.mutate({ text: sentence });
  };
  const pick = (rephrased: string) => {
    setText(rephrased);
    generate.mutate({ text: rephrased });
  };
  const edit = (change: GraphOverrides) => {
    if (chart)
      generate.mutate({
        text: sentence || 'edited chart',
        overrides: overridesFrom(chart.understood, change),
      });
  };
  const answer = generate.data;

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
          <CountedTextField
            label={t('request')}
            placeholder={t('example')}
            value={text}
            max={GRAPH_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            name="graph-text"
          />
          <Button
            type="submit"
            variant="contained"
            disabled={sentence === '' || generate.isPending}
            sx={{ flexShrink: 0, mt: { sm: 1 } }}
          >
            {t('generate')}
          </Button>
        </Stack>
      </Box>
      {generate.isPending && <LinearProgress aria-label={t('generating')} sx={{ mt: 1 }} />}
      <Box sx={{ mt: 2 }} aria-live="polite">
        {generate.isError && <Alert severity="error">{messageText(GRAPH_GENERATOR_TEXTS.failed)}</Alert>}
        {answer?.status === 'question' && !generate.isPending && (
          <GraphQuestion question={answer} onPick={pick} />
        )}
        {!answer && !generate.isPending && !generate.isError && (
          <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {t('try')}
            </Typography>
            {EXAMPLES.map((example) => (
              <Chip
                key={example}
                label={example}
                lang="en"
                variant="outlined"
                onClick={() => pick(example)}
                sx={{
                  height: 'auto',
                  maxWidth: '100%',
                  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
                }}
              />
            ))}
          </Stack>
        )}
        {chart && <GraphChartPanel chart={chart} scopeId={scopeId} busy={generate.isPending} onEdit={edit} />}
      </Box>
    </Paper>
  );
}
