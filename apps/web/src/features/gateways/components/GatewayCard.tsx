import { Box, Checkbox, Paper, Typography } from '@mui/material';
import type { GatewaySummary, TelemetrySample } from '@portal/contract';
import { memo, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { daysSince, truncateLabel } from '../card-rules.ts';
import type { GatewayAction } from '../gateway-actions.ts';
import { neverConnected } from '../gateway-customers.ts';
import type { SensorGroup } from '../sensor-groups.ts';
import { versionMismatches } from '../version-mismatch.ts';
import { CardBack } from './CardBack.tsx';
import { CardFront } from './CardFront.tsx';
import { CardIconBar } from './CardIconBar.tsx';
import { VersionMismatchChips } from './VersionMismatchChips.tsx';

/** What the page remembers per card while the grid scrolls: its sensor group and which face shows. */
export interface CardView {
  group: SensorGroup;
  flipped: boolean;
}

interface GatewayCardProps {
  gateway: GatewaySummary;
  samples: readonly TelemetrySample[];
  view: CardView;
  onViewChange: (macId: string, view: CardView) => void;
  onOpen: (action: GatewayAction, macId: string) => void;
  /** Set in selection and delete modes: the card gets a 'Select {name}' checkbox. */
  selected?: boolean;
  onToggleSelect: (macId: string) => void;
  height: number;
  /** In a view mixing customers: the gateway's customer, shown as a small label; undefined otherwise. */
  customerName?: string;
}

/**
 * Read by screen readers, not shown. Pixel sizes as strings: MUI reads a number up to 1 as a fraction (width 1
 * was 100% of the page, and the hidden text widened it by 500 px at 1440).
 */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const FACE = { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 } as const;
const EMPTY_SAMPLES: readonly TelemetrySample[] = [];

/**
 * A gateway as a flip card (spec 001 section 2): only the shown face is rendered, so a screen of cards stays
 * within the DOM budget; memoised, so a live sample for one gateway re-renders one card.
 */
export const GatewayCard = memo(function GatewayCard({
  gateway,
  samples = EMPTY_SAMPLES,
  view,
  onViewChange,
  onOpen,
  selected,
  onToggleSelect,
  height,
  customerName,
}: GatewayCardProps) {
  const t = useT('gateways');
  const online = gateway.deviceStatus === 'online';
  const never = neverConnected(gateway);
  const since = online ? gateway.LONTI : gateway.LOFFTI;
  const [flippedHere, setFlippedHere] = useState(false);
  const open = (action: GatewayAction) => onOpen(action, gateway.macId);
  const mismatches = versionMismatches(gateway);
  return (
    <Paper
      component="article"
      aria-label={gateway.name}
      variant="outlined"
      sx={{
        height,
        p: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        overflow: 'hidden',
        '& .flipped-now': { animation: 'card-flip 0.3s ease-out' },
        '@keyframes card-flip': { from: { transform: 'rotateY(90deg)' }, to: { transform: 'none' } },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        {selected !== undefined && (
          <Checkbox
            size="small"
            disableRipple
            checked={selected}
            onChange={() => onToggleSelect(gateway.macId)}
            slotProps={{ input: { 'aria-label': t('card.select', { name: gateway.name }) } }}
            sx={{ p: 0.5 }}
          />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle1" noWrap title={gateway.name} sx={{ lineHeight: 1.3 }}>
            {truncateLabel(gateway.name)}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            title={gateway.macId}
            sx={{ fontFamily: 'monospace' }}
          >
            {truncateLabel(gateway.macId)}
          </Typography>
          {customerName !== undefined && (
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              title={t('card.customer', { name: customerName })}
              sx={{ display: 'block', lineHeight: 1.3 }}
            >
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('card.customerHidden')}{' '}
              </Box>
              {customerName}
            </Typography>
          )}
        </Box>
        <Typography
          variant="caption"
          sx={{ color: online ? 'success.main' : 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' }}
          title={
            never ? t('card.neverConnectedHint') : online ? t('card.onlineSince') : t('card.offlineSince')
          }
        >
          {never
            ? t('card.neverConnected')
            : t('card.since', {
                status: online ? t('card.online') : t('card.offline'),
                since: daysSince(since),
              })}
        </Typography>
      </Box>
      {/* A version the gateway reports that is not the assigned one (docs/rollouts.md). */}
      <VersionMismatchChips mismatches={mismatches} prefixed />
      <CardIconBar
        gateway={gateway}
        flipped={view.flipped}
        onOpen={open}
        onFlip={() => {
          setFlippedHere(true);
          onViewChange(gateway.macId, { ...view, flipped: !view.flipped });
        }}
      />
      {/* Only a flip made here animates: cards scrolled into view appear as they are. */}
      <Box
        key={view.flipped ? 'back' : 'front'}
        className={flippedHere ? 'flipped-now' : undefined}
        sx={FACE}
      >
        {view.flipped ? (
          <CardBack gateway={gateway} samples={samples} />
        ) : never ? (
          <Box role="note" sx={{ p: 1 }}>
            <Typography variant="subtitle2">{t('card.noData')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('card.neverConnectedHint')}
            </Typography>
          </Box>
        ) : (
          <CardFront
            samples={samples}
            group={view.group}
            onGroupChange={(group) => onViewChange(gateway.macId, { ...view, group })}
          />
        )}
      </Box>
    </Paper>
  );
});
