import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Stack, Typography } from '@mui/material';
import type { AgentConfigVersion } from '@portal/contract';
import { useState } from 'react';
import { useAgentConfigHistory } from '../api/get-agent-config-history.ts';

const ACTION_LABEL: Record<AgentConfigVersion['action'], string> = {
  default: 'Defaults',
  update: 'Changed',
  reset: 'Reset to default',
  revert: 'Went back',
};

const show = (value: unknown) => (value === '' ? '(not set)' : String(value));

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
  const [open, setOpen] = useState(false);
  const { data } = useAgentConfigHistory(sid, open);
  return (
    <Accordion expanded={open} onChange={(_event, expanded) => setOpen(expanded)} disableGutters>
      <AccordionSummary aria-controls="agent-config-versions" id="agent-config-versions-header">
        <Typography component="h2" variant="subtitle1">
          Versions
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="agent-config-versions">
        <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
          {(data?.versions ?? []).map((version) => (
            <Box component="li" key={version.cfv} aria-label={`Version ${version.cfv}`}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  Version {version.cfv}
                  {version.cfv === current ? ' (current)' : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {ACTION_LABEL[version.action]}
                  {version.revertedTo ? ` to version ${version.revertedTo}` : ''}
                  {version.changedBy ? ` by ${version.changedBy}` : ''}
                  {version.changedAt ? `, ${new Date(version.changedAt).toLocaleString()}` : ''}
                </Typography>
                {canWrite && version.cfv < current ? (
                  <Button size="small" onClick={() => onGoBack(version.cfv)}>
                    Go back to version {version.cfv}
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
