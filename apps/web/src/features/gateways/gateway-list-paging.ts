import {
  GATEWAY_LIST_DEFAULT_PAGE_SIZE,
  GATEWAY_LIST_PAGE_SIZES,
  GATEWAY_LIST_SESSION_KEY,
} from '@portal/contract';

/** Spec 001 section 9: the gateway list's rows per page, remembered in the session as locksRPP (default 25). */
export const GATEWAY_LIST_NAME = GATEWAY_LIST_SESSION_KEY;
export const GATEWAY_PAGE_SIZES = GATEWAY_LIST_PAGE_SIZES;

/** The remembered choice when it is one of the options, else the default. */
export function gatewayPageSize(remembered: number | undefined): number {
  return (GATEWAY_PAGE_SIZES as readonly number[]).includes(remembered ?? -1)
    ? (remembered as number)
    : GATEWAY_LIST_DEFAULT_PAGE_SIZE;
}
