import { type RotateCredentialResult, rotateCredentialResult } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';

/**
 * POST /api/gateway/{id}/rotate-credential: the gateway's new device credential, answered this once; the
 * previous one stops working at once.
 */
export function rotateCredential(id: string): Promise<RotateCredentialResult> {
  return apiRequest(`/api/gateway/${encodeURIComponent(id)}/rotate-credential`, {
    method: 'POST',
    schema: rotateCredentialResult,
  });
}

export function useRotateCredential() {
  return useMutation({ mutationFn: rotateCredential });
}
