import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useAgentConfigHistory } from '../api/get-agent-config-history.ts';

/** Every version of the configuration: who, when, what changed; an earlier one can be gone back to. */
export function AgentConfigHistoryPanel({
  sid,
  current,
  canWrite,
  onGoBack,
}: {
  sid: string;
  current: number;
  canWrite: boolean;
  onGoBack: (cfv: number) => void;
}) {
  const t = useT('agent-config');
  const show = (value: unknown) => (value === '' ? t('history.notSet') : String(value));
  const [open, setOpen] = useState(false);
  const { data } = useAgentConfigHistory(sid, open);
  return (
    <Accordion expanded={open} onChange={(_event, expanded) => setOpen(expanded)} disableGutters>
      <AccordionSummary aria-controls="agent-config-versions" id="agent-config-versions-header">
        <Typography component="h2" variant="subtitle1">
          {t('history.title')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="agent-config-versions">
        <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
          {(data?.versions ?? []).map((version) => (
            <Box component="li" key={version.cfv} aria-label={t('history.version', { cfv: version.cfv })}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('history.version', { cfv: version.cfv })}
                  {version.cfv === current ? t('history.current') : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`history.action.${version.action}`)}
                  {version.revertedTo ? t('history.toVersion', { cfv: version.revertedTo }) : ''}
                  {version.changedBy ? t('history.by', { name: version.changedBy }) : ''}
                  {version.changedAt ? `, ${formatDateTime(Date.parse(version.changedAt))}` : ''}
                </Typography>
                {canWrite && version.cfv < current ? (
                  <Button size="small" onClick={() => onGoBack(version.cfv)}>
                    {t('history.goBack', { cfv: version.cfv })}
                  </Button>
                ) : null}
              </Stack>
              {version.changes.length > 0 ? (
                <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
                  {version.changes.map((change) => (
                    <Typography component="li" variant="caption" key={`${change.group}.${change.key}`}>
                      {change.group}.{change.key}: {show(change.from)} → {show(change.to)}
                    </Typography>
                  ))}
                </Box>
              ) : null}
            </Box>
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
