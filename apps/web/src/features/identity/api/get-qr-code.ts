import { type QrCodeResponse, qrCodeResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/getQrCodeUrl: a new pending secret for the signed-in user, with its QR code. */
export function getQrCode(email: string): Promise<QrCodeResponse> {
  return apiRequest('/api/getQrCodeUrl', { method: 'POST', body: { email }, schema: qrCodeResponse });
}

/**
 * Each opening of the setup dialog makes one secret: never refetched while the dialog shows it (a new one
 * would void what the user scanned), dropped when the dialog closes.
 */
export const qrCodeQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['two-factor-setup', email],
    queryFn: () => getQrCode(email),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export function useQrCode(email: string) {
  return useQuery(qrCodeQueryOptions(email));
}
