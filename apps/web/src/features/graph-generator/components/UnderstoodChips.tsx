import {
  Autocomplete,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  GRAPH_GROUPINGS,
  GRAPH_MAX_GATEWAYS,
  GRAPH_METRIC_INFO,
  GRAPH_METRICS,
  type GraphAggregation,
  type GraphGatewayRef,
  type GraphInterval,
  type GraphOverrides,
  type GraphUnderstanding,
} from '@portal/contract';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { CustomRangeDialog, customRangeTimes, dayOf } from '../../telemetry/index.ts';
import { useGraphCatalogue } from '../api/get-graph-catalogue.ts';
import { aggregationLabel, groupingLabel, metricsLabel, rangeLabel, thresholdLabel } from '../graph-view.ts';
import { ThresholdDialog } from './ThresholdDialog.tsx';

const AGGREGATION_CHOICES: [GraphAggregation, GraphInterval][] = [
  ['none', 'auto'],
  ['avg', 'auto'],
  ['min', 'auto'],
  ['max', 'auto'],
  ['sum', 'auto'],
  ['count', 'auto'],
  ['avg', 'hour'],
  ['min', 'hour'],
  ['max', 'hour'],
  ['avg', 'day'],
  ['min', 'day'],
  ['max', 'day'],
];

type Editing = 'gateways' | 'range' | 'threshold' | null;

/** The chips of what was understood: metric, gateways, range, aggregation, lines, threshold; each opens its editor. */
export function UnderstoodChips(props: {
  understood: GraphUnderstanding;
  scopeId: string;
  disabled: boolean;
  onEdit: (change: GraphOverrides) => void;
}) {
  const { understood, scopeId, disabled, onEdit } = props;
  const t = useT('graph-generator');
  const [menu, setMenu] = useState<{
    kind: 'metric' | 'aggregation' | 'grouping';
    anchor: HTMLElement;
  } | null>(null);
  const unit = GRAPH_METRIC_INFO[understood.metric].unit;
  const [editing, setEditing] = useState<Editing>(null);
  const chip = (label: string, value: string, open: (anchor: HTMLElement) => void) => (
    <Chip
      label={t('understood.chip', { label, value })}
      aria-label={t('understood.edit', { label, value })}
      onClick={(event) => open(event.currentTarget)}
      disabled={disabled}
      variant="outlined"
      color="primary"
      sx={{
        maxWidth: '100%',
        justifyContent: 'flex-start',
        height: 'auto',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
      }}
    />
  );
  const choose = (change: GraphOverrides) => {
    setMenu(null);
    onEdit(change);
  };
  return (
    <Stack sx={{ gap: 1 }} aria-label={t('understood.title')} role="group">
      <Typography variant="subtitle2">{t('understood.title')}</Typography>
      {chip(t('understood.metric'), metricsLabel(understood), (anchor) =>
        setMenu({ kind: 'metric', anchor }),
      )}
      {chip(t('understood.gateways'), understood.gatewaysLabel || t('understood.none'), () =>
        setEditing('gateways'),
      )}
      {chip(t('understood.range'), rangeLabel(understood.range), () => setEditing('range'))}
      {chip(
        t('understood.aggregation'),
        aggregationLabel(understood.aggregation, understood.interval),
        (anchor) => setMenu({ kind: 'aggregation', anchor }),
      )}
      {chip(t('understood.lines'), groupingLabel(understood.groupBy), (anchor) =>
        setMenu({ kind: 'grouping', anchor }),
      )}
      {chip(t('understood.threshold'), thresholdLabel(understood.condition, unit), () =>
        setEditing('threshold'),
      )}
      <Menu open={menu?.kind === 'metric'} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        {GRAPH_METRICS.map((metric) => (
          <MenuItem
            key={metric}
            selected={understood.metrics.includes(metric)}
            onClick={() => choose({ metric, metrics: [metric] })}
          >
            {GRAPH_METRIC_INFO[metric].label} ({GRAPH_METRIC_INFO[metric].unit})
          </MenuItem>
        ))}
      </Menu>
      <Menu open={menu?.kind === 'aggregation'} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        {AGGREGATION_CHOICES.map(([aggregation, interval]) => (
          <MenuItem
            key={`${aggregation}-${interval}`}
            selected={aggregation === understood.aggregation && interval === understood.interval}
            onClick={() => choose({ aggregation, interval })}
          >
            {aggregationLabel(aggregation, interval)}
          </MenuItem>
        ))}
      </Menu>
      <Menu open={menu?.kind === 'grouping'} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        {GRAPH_GROUPINGS.map((groupBy) => (
          <MenuItem
            key={groupBy}
            selected={groupBy === understood.groupBy}
            onClick={() => choose({ groupBy })}
          >
            {groupingLabel(groupBy)}
          </MenuItem>
        ))}
      </Menu>
      <ThresholdDialog
        open={editing === 'threshold'}
        initial={understood.condition}
        unit={unit}
        onClose={() => setEditing(null)}
        onApply={(condition) => {
          setEditing(null);
          onEdit({ condition });
        }}
      />
      <GatewaysDialog
        open={editing === 'gateways'}
        scopeId={scopeId}
        initial={understood.gateways}
        onClose={() => setEditing(null)}
        onApply={(gateways) => {
          setEditing(null);
          onEdit({ gateways: gateways.map((g) => g.mac), condition: null, groupBy: understood.groupBy });
        }}
      />
      <CustomRangeDialog
        open={editing === 'range'}
        initial={{ from: dayOf(understood.range.fromTime), to: dayOf(understood.range.toTime) }}
        onClose={() => setEditing(null)}
        onApply={(days) => {
          setEditing(null);
          onEdit({ range: customRangeTimes(days) });
        }}
      />
    </Stack>
  );
}

function GatewaysDialog(props: {
  open: boolean;
  scopeId: string;
  initial: GraphGatewayRef[];
  onClose: () => void;
  onApply: (gateways: GraphGatewayRef[]) => void;
}) {
  const { open, scopeId, initial, onClose, onApply } = props;
  const t = useT('graph-generator');
  const catalogue = useGraphCatalogue(scopeId, open);
  const [picked, setPicked] = useState<GraphGatewayRef[]>(initial);
  const valid = picked.length > 0 && picked.length <= GRAPH_MAX_GATEWAYS;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="graph-gateways-title"
      slotProps={{ transition: { onEnter: () => setPicked(initial) } }}
    >
      <DialogTitle id="graph-gateways-title">{t('gatewaysDialog.title')}</DialogTitle>
      <DialogContent>
        <Autocomplete
          multiple
          options={catalogue.data?.gateways ?? []}
          loading={catalogue.isLoading}
          value={picked}
          onChange={(_, value) => setPicked(value)}
          getOptionLabel={(g) => `${g.name} (${g.mac})`}
          isOptionEqualToValue={(a, b) => a.mac === b.mac}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('gatewaysDialog.title')}
              margin="dense"
              error={picked.length > GRAPH_MAX_GATEWAYS}
              helperText={`${picked.length}/${GRAPH_MAX_GATEWAYS}`}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onApply(picked)}>
          {t('apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
