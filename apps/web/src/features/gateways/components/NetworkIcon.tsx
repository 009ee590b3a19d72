import SettingsEthernet from '@mui/icons-material/SettingsEthernet';
import SignalCellular0Bar from '@mui/icons-material/SignalCellular0Bar';
import SignalCellular1Bar from '@mui/icons-material/SignalCellular1Bar';
import SignalCellular2Bar from '@mui/icons-material/SignalCellular2Bar';
import SignalCellular3Bar from '@mui/icons-material/SignalCellular3Bar';
import Wifi from '@mui/icons-material/Wifi';
import { cardSignalLevel, networkKind, networkLabel } from '../card-rules.ts';

const CELLULAR_LEVELS = [SignalCellular0Bar, SignalCellular1Bar, SignalCellular2Bar, SignalCellular3Bar];

/** The network type icon (NW 1 Wi-fi, 0 LTE with its signal level from SS, 2 Ethernet); nothing when unknown. */
export function NetworkIcon({ NW, SS }: { NW: number | null | undefined; SS: number | null | undefined }) {
  const kind = networkKind(NW);
  const label = networkLabel(NW, SS);
  if (!kind || !label) return null;
  const Icon =
    kind === 'wifi' ? Wifi : kind === 'ethernet' ? SettingsEthernet : CELLULAR_LEVELS[cardSignalLevel(SS)]!;
  return <Icon fontSize="small" color="action" role="img" aria-label={label} sx={{ mx: 0.5 }} />;
}
