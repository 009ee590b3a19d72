import { Box, Typography } from '@mui/material';
import type { GatewaySummary, TelemetrySample } from '@portal/contract';
import { formatFirmware, NO_VALUE } from '../../../components/gateway-display.ts';
import { hasCamera } from '../card-rules.ts';
import { miniChartScale } from '../mini-chart-scale.ts';
import { MINI_CHART_MAX_POINTS, SYSTEM_SERIES, seriesValues } from '../sensor-groups.ts';
import { MiniChart } from './MiniChart.tsx';

interface CardBackProps {
  gateway: GatewaySummary;
  samples: readonly TelemetrySample[];
}

/** The card's back: CPU and memory mini-charts, the camera module, firmware and OS version. */
export function CardBack({ gateway, samples }: CardBackProps) {
  const facts = [
    `Camera ${hasCamera(gateway.CMS) ? 'installed' : 'not installed'}`,
    `Firmware ${formatFirmware(gateway.firmware)}`,
    `OS ${gateway.OSversion?.trim() || NO_VALUE}`,
    // The customer app is reported in updates only: shown once the gateway reported one or was assigned one.
    ...(gateway.customerFw || gateway.assignedCustomerFw
      ? [`Customer app ${gateway.customerFw?.trim() || NO_VALUE}`]
      : []),
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flex: 1, minHeight: 0 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        {SYSTEM_SERIES.map(({ key, label, unit }) => {
          const values = seriesValues(samples, key, MINI_CHART_MAX_POINTS);
          return (
            <MiniChart
              key={key}
              label={label}
              unit={unit}
              values={values}
              scale={miniChartScale(key, values)}
            />
          );
        })}
      </Box>
      {facts.map((fact) => (
        <Typography key={fact} variant="body2">
          {fact}
        </Typography>
      ))}
    </Box>
  );
}
