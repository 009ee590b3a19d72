import type { GatewaySummary } from '@portal/contract';

/** Onboarding dialog 'Selected Gateways for Onboarding' (placeholder until its work lands). */
export function OnboardingDialog(_props: { gateways: GatewaySummary[]; open: boolean; onClose: () => void }) {
  return null;
}
