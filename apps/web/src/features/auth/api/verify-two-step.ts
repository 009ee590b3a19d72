import { type LoginResponse, loginResponse, type TrustPeriod } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '../../../lib/api.ts';
import { goHome, openSession } from '../open-session.ts';

export interface TwoStepVerification {
  email: string;
  code: string;
  /** The key of the sign-in attempt that asked for the code. */
  twoFactorKey: string;
  trustPeriod: TrustPeriod;
}

/** POST /api/twoStepVerification: the authenticator code for the sign-in's challenge; opens the session. */
export function verifyTwoStep({
  email,
  code,
  twoFactorKey,
  trustPeriod,
}: TwoStepVerification): Promise<LoginResponse> {
  return apiRequest('/api/twoStepVerification', {
    method: 'POST',
    body: { email, code },
    headers: { twoFactorKey, expireTime: trustPeriod },
    schema: loginResponse,
    // A 401 here means a wrong code, not a lost session.
    endSessionOnLoss: false,
  });
}

/** Verifies the code, then opens the session and goes home like a sign-in. */
export function useVerifyTwoStep() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (verification: TwoStepVerification) => {
      await verifyTwoStep(verification);
      await openSession(queryClient);
    },
    onSuccess: () => goHome(navigate),
  });
}
