import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { TelemetrySample } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { miniChartScale } from '../mini-chart-scale.ts';
import { SENSOR_GROUPS, type SensorGroup, sensorGroup, seriesValues } from '../sensor-groups.ts';
import { MINI_CHART_HEIGHT, MiniChart } from './MiniChart.tsx';

interface CardFrontProps {
  samples: readonly TelemetrySample[];
  group: SensorGroup;
  onGroupChange: (group: SensorGroup) => void;
}

/** The card's front: the sensor group selector (one group at a time) and its mini-charts. */
export function CardFront({ samples, group, onGroupChange }: CardFrontProps) {
  const t = useT('gateways');
  const shown = sensorGroup(group);
  return (
    <Box sx={{ display: 'flex', gap: 1, minHeight: 0, flex: 1 }}>
      <ToggleButtonGroup
        orientation="vertical"
        exclusive
        size="small"
        value={group}
        aria-label={t('card.sensorGroup')}
        onChange={(_event, next: SensorGroup | null) => next && onGroupChange(next)}
        sx={{
          flexShrink: 0,
          alignSelf: 'flex-start',
          '& .MuiToggleButton-root': { py: 0.5, px: 1, fontSize: 12 },
        }}
      >
        {SENSOR_GROUPS.map(({ id, label }) => (
          <ToggleButton key={id} value={id} disableRipple>
            {t(`groups.${id}`, { defaultValue: label })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: shown.series.length > 2 ? '1fr 1fr' : '1fr',
          // Every chart fits the card: rows of up to 115 px, shrinking together when the card is lower
          // (Air Quality (5) has three rows).
          gridTemplateRows: `repeat(${Math.ceil(shown.series.length / (shown.series.length > 2 ? 2 : 1))}, minmax(0, ${MINI_CHART_HEIGHT}px))`,
          gap: 1,
          flex: 1,
          minWidth: 0,
          minHeight: 0,
        }}
      >
        {shown.series.map(({ key, label, unit }) => {
          const values = seriesValues(samples, key, shown.points);
          return (
            <MiniChart
              key={key}
              label={t(`sensors.${key}`, { defaultValue: label })}
              unit={unit}
              values={values}
              scale={miniChartScale(key, values)}
              height="100%"
            />
          );
        })}
      </Box>
    </Box>
  );
}
