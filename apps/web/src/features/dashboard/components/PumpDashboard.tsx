import {
  Alert,
  Box,
  FormControlLabel,
  MenuItem,
  Paper,
  Slider,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  gatewayCommandMessages,
  live,
  PUMP_RAW_MAX,
  PUMP_RAW_MIN,
  PUMP_SECONDS_DEFAULT,
  PUMP_SECONDS_MAX,
  PUMP_SECONDS_MIN,
  type PumpDashboard as PumpDashboardData,
  type PumpGateway,
  pumpLiveMessage,
  pumpMessages,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatTime } from '../../../lib/date-time.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { pumpDashboardQueryOptions } from '../api/get-pump-dashboard.ts';
import { useSendPumpCommand } from '../api/send-pump-command.ts';
import {
  applyPumpMessage,
  pumpCommandFor,
  pumpSecondsError,
  secondsLeft,
  selectedPumpGateway,
} from '../pump-screen.ts';
import { Dial } from './Dial.tsx';
import { LocationsTile } from './LocationsTile.tsx';

/** Ticks every second while `active`, so a countdown redraws. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The pump switch and its seconds (spec 002: a pump switch and a pump-seconds slider, 1-60). */
function PumpControls({ gateway }: { gateway: PumpGateway }) {
  const notify = useNotify();
  const send = useSendPumpCommand(gateway.macId);
  const t = useT('dashboard');
  const messageText = useMessageText();
  const [seconds, setSeconds] = useState(PUMP_SECONDS_DEFAULT);
  const error = pumpSecondsError(seconds);
  const running = gateway.reading.PUMP === 1;
  const left = secondsLeft(gateway.reading, useNow(running));
  const toggle = (on: boolean) => {
    if (!gateway.online) {
      notify({ variant: 'warning', text: gatewayCommandMessages.offline });
      return;
    }
    send.mutate(pumpCommandFor(on, seconds), {
      onSuccess: (answer) => notify({ variant: 'info', text: answer.message }),
      onError: (failure) => notify({ variant: 'error', text: failure.message }),
    });
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel
          label={t('pump.pump')}
          control={
            <Switch
              checked={running}
              disabled={send.isPending || !gateway.online || (!running && error !== null)}
              onChange={(event) => toggle(event.target.checked)}
            />
          }
        />
        <Typography role="status" aria-label={t('pump.state')} variant="body1" sx={{ fontWeight: 600 }}>
          {running
            ? left === null
              ? t('pump.running')
              : t('pump.stopsIn', { seconds: left })
            : t('pump.stopped')}
        </Typography>
        {!gateway.online && (
          <Typography variant="body2" color="error">
            {messageText(gatewayCommandMessages.offlineLabel)}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Slider
          aria-label={t('pump.seconds')}
          value={
            Number.isNaN(seconds)
              ? PUMP_SECONDS_MIN
              : Math.min(PUMP_SECONDS_MAX, Math.max(PUMP_SECONDS_MIN, seconds))
          }
          min={PUMP_SECONDS_MIN}
          max={PUMP_SECONDS_MAX}
          step={1}
          valueLabelDisplay="auto"
          marks={[
            { value: PUMP_SECONDS_MIN, label: `${PUMP_SECONDS_MIN} s` },
            { value: PUMP_SECONDS_MAX, label: `${PUMP_SECONDS_MAX} s` },
          ]}
          disabled={running}
          onChange={(_event, value) => setSeconds(value as number)}
          sx={{ flex: 1, minWidth: 120 }}
        />
        <TextField
          label={t('pump.seconds')}
          type="number"
          size="small"
          value={Number.isNaN(seconds) ? '' : seconds}
          disabled={running}
          error={error !== null}
          helperText={error ? messageText(error) : ' '}
          onChange={(event) =>
            setSeconds(event.target.value === '' ? Number.NaN : Number(event.target.value))
          }
          slotProps={{ htmlInput: { min: PUMP_SECONDS_MIN, max: PUMP_SECONDS_MAX, step: 1 } }}
          sx={{ width: 150 }}
        />
      </Stack>
    </Stack>
  );
}

/** The soil sensor: moisture and humidity dials, and its raw value on a read-only gauge slider (0-1023). */
function Readings({ gateway }: { gateway: PumpGateway }) {
  const { reading } = gateway;
  const t = useT('dashboard');
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <Dial label={t('pump.soilMoisture')} value={reading.SOIL} unit="%" color="#8d6e63" />
        <Dial label={t('pump.humidity')} value={reading.HUM} unit="%" color="#4190c7" />
      </Box>
      <Box sx={{ px: 1.5 }}>
        <Typography variant="body2" color="text.secondary" id="raw-gauge-label">
          {t('pump.raw')} <strong>{reading.RAW}</strong>
        </Typography>
        <Slider
          aria-labelledby="raw-gauge-label"
          value={reading.RAW}
          min={PUMP_RAW_MIN}
          max={PUMP_RAW_MAX}
          disabled
          marks={[
            { value: PUMP_RAW_MIN, label: String(PUMP_RAW_MIN) },
            { value: PUMP_RAW_MAX, label: String(PUMP_RAW_MAX) },
          ]}
        />
        <Typography variant="caption" color="text.secondary">
          {t('pump.lastReading', { time: formatTime(reading.TI) })}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * The demo pump dashboard (docs/dashboards.md, "Pump dashboard"): a customer given the 'pump' variant drives its
 * gateways' pumps and watches their soil sensors live on portal/{scope}/pump/{mac}, above the Locations map.
 */
export function PumpDashboard({ scopeId, data }: { scopeId: string; data: PumpDashboardData }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const gateway = selectedPumpGateway(data.gateways, chosen);
  const t = useT('dashboard');
  const messageText = useMessageText();
  useLiveTopic(gateway ? live.pump(gateway.scopeId, gateway.macId) : null, (message) => {
    const parsed = pumpLiveMessage.safeParse(message);
    if (!parsed.success) return;
    queryClient.setQueryData(
      pumpDashboardQueryOptions(scopeId).queryKey,
      (current) => current && applyPumpMessage(current, parsed.data),
    );
  });
  return (
    <Stack spacing={2}>
      {gateway === null ? (
        <Alert severity="info">{messageText(pumpMessages.noPump)}</Alert>
      ) : (
        <>
          {data.gateways.length > 1 && (
            <TextField
              select
              label={t('pump.gateway')}
              value={gateway.macId}
              onChange={(event) => setChosen(event.target.value)}
              sx={{ maxWidth: 360 }}
            >
              {data.gateways.map((g) => (
                <MenuItem key={g.macId} value={g.macId}>
                  {g.name} ({g.macId})
                </MenuItem>
              ))}
            </TextField>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Paper variant="outlined" component="section" aria-label={t('pump.pump')} sx={{ p: 2 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {gateway.name}
              </Typography>
              <PumpControls key={gateway.macId} gateway={gateway} />
            </Paper>
            <Paper variant="outlined" component="section" aria-label={t('pump.soilSensor')} sx={{ p: 2 }}>
              <Readings gateway={gateway} />
            </Paper>
          </Box>
        </>
      )}
      <LocationsTile scopeId={scopeId} />
    </Stack>
  );
}
