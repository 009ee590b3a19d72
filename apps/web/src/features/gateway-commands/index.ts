/** The gateway commands (server module gateway-commands) the gateway list offers: status, scans, onboarding. */
export { GatewayStatusDialog } from './components/GatewayStatusDialog.tsx';
export { HotspotToggleDialog } from './components/HotspotToggleDialog.tsx';
export { OnboardingDialog } from './components/OnboardingDialog.tsx';
export { PendingInstructionsDialog } from './components/PendingInstructionsDialog.tsx';
export { RebootGatewayDialog } from './components/RebootGatewayDialog.tsx';
