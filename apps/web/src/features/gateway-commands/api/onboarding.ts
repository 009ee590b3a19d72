import { type OnboardingResults, onboardingResults } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/gateway/onboarding/start: each gateway scans totalScanCycles times; the answer is per gateway. */
export function startOnboarding(macIds: string[], totalScanCycles: number): Promise<OnboardingResults> {
  return apiRequest('/api/gateway/onboarding/start', {
    method: 'POST',
    body: { macIds, totalScanCycles },
    schema: onboardingResults,
  });
}

/** POST /api/gateway/onboarding/stop. */
export function stopOnboarding(macIds: string[]): Promise<OnboardingResults> {
  return apiRequest('/api/gateway/onboarding/stop', {
    method: 'POST',
    body: { macIds },
    schema: onboardingResults,
  });
}

export function useStartOnboarding() {
  return useMutation({
    mutationFn: ({ macIds, totalScanCycles }: { macIds: string[]; totalScanCycles: number }) =>
      startOnboarding(macIds, totalScanCycles),
  });
}

export function useStopOnboarding() {
  return useMutation({ mutationFn: stopOnboarding });
}
