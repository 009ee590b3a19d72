import type { GatewaySummary } from '@portal/contract';
import type { ComponentType } from 'react';
import type { GatewayDialogProps } from '../../../components/gateway-dialog-props.ts';
import {
  GatewayStatusDialog,
  HotspotToggleDialog,
  PendingInstructionsDialog,
  RebootGatewayDialog,
} from '../../gateway-commands/index.ts';
import { DiagnosticsDialog, TroubleshootPanel } from '../../instructions/index.ts';
import { GatewayLocksDialog } from '../../locks/index.ts';
import { AirQualityHistoryDialog, Co2HistoryDialog, SystemGraphDialog } from '../../telemetry/index.ts';
import { EditGatewayDialog } from '../details/EditGatewayDialog.tsx';
import { GatewayInfoPanel } from '../details/GatewayInfoPanel.tsx';
import { GatewayLocationDialog } from '../details/GatewayLocationDialog.tsx';
import { MigrateGatewayDialog } from '../details/MigrateGatewayDialog.tsx';
import { RotateCredentialDialog } from '../details/RotateCredentialDialog.tsx';
import { UnregisterGatewayDialog } from '../details/UnregisterGatewayDialog.tsx';
import type { GatewayAction } from '../gateway-actions.ts';

type GatewayDialog = ComponentType<GatewayDialogProps>;

/** The dialog or panel each action opens; the maximised sensor view replaces the grid instead (see the page). */
const DIALOGS: Record<Exclude<GatewayAction, 'sensorGraphs'>, GatewayDialog> = {
  info: GatewayInfoPanel,
  hotspot: HotspotToggleDialog,
  camera: TroubleshootPanel,
  location: GatewayLocationDialog,
  systemGraphs: SystemGraphDialog,
  reboot: RebootGatewayDialog,
  status: GatewayStatusDialog,
  pendingInstructions: PendingInstructionsDialog,
  diagnostics: DiagnosticsDialog,
  edit: EditGatewayDialog,
  migrate: MigrateGatewayDialog,
  unregister: UnregisterGatewayDialog,
  co2History: Co2HistoryDialog,
  airQualityHistory: AirQualityHistoryDialog,
  locks: GatewayLocksDialog,
  rotateCredential: RotateCredentialDialog,
};

export interface OpenedAction {
  action: GatewayAction;
  macId: string;
}

interface GatewayActionDialogProps {
  opened: OpenedAction | null;
  /** The live copy of the opened action's gateway; undefined once it left the lists (deleted, moved). */
  gateway: GatewaySummary | undefined;
  onClose: () => void;
}

/**
 * The one open dialog, given the live copy of its gateway (a status change shows in an open dialog). A gateway
 * that left the list (deleted, moved) closes its dialog.
 */
export function GatewayActionDialog({ opened, gateway, onClose }: GatewayActionDialogProps) {
  if (!opened || opened.action === 'sensorGraphs') return null;
  if (!gateway || gateway.macId !== opened.macId) return null;
  const Dialog = DIALOGS[opened.action];
  return <Dialog key={`${opened.action}-${opened.macId}`} gateway={gateway} open onClose={onClose} />;
}
