import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { GRAPH_GENERATOR_TEXTS, type GraphResponse } from '@portal/contract';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';

type Question = Extract<GraphResponse, { status: 'question' }>;

/** "Did you mean ...": the question and its candidates; picking one generates the re-phrased sentence. */
export function GraphQuestion({
  question,
  onPick,
}: {
  question: Question;
  onPick: (sentence: string) => void;
}) {
  const t = useT('graph-generator');
  const messageText = useMessageText();
  const stuck = question.candidates.length === 0;
  return (
    <Alert severity={stuck ? 'warning' : 'info'} role="status" aria-label={t('question')}>
      <AlertTitle>{question.question}</AlertTitle>
      {stuck && messageText(GRAPH_GENERATOR_TEXTS.failed)}
      {!stuck && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }} aria-label={t('candidates')}>
          {question.candidates.map((candidate) => (
            <Button
              key={candidate.label}
              size="small"
              variant="outlined"
              title={candidate.sentence}
              onClick={() => onPick(candidate.sentence)}
            >
              {candidate.label}
            </Button>
          ))}
        </Stack>
      )}
    </Alert>
  );
}
