import { Box, Typography } from '@mui/material';
import type { GatewaySummary, TelemetrySample } from '@portal/contract';
import { formatFirmware, NO_VALUE } from '../../../components/gateway-display.ts';
import { useT } from '../../../lib/i18n/index.ts';
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
  const t = useT('gateways');
  const facts = [
    hasCamera(gateway.CMS) ? t('back.cameraInstalled') : t('back.cameraNotInstalled'),
    t('back.firmware', { version: formatFirmware(gateway.firmware) }),
    t('back.os', { version: gateway.OSversion?.trim() || NO_VALUE }),
    // The customer app is reported in updates only: shown once the gateway reported one or was assigned one.
    ...(gateway.customerFw || gateway.assignedCustomerFw
      ? [t('back.customerApp', { version: gateway.customerFw?.trim() || NO_VALUE })]
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
              label={t(`sensors.${key}`, { defaultValue: label })}
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
