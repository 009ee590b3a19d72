import { createHash } from 'node:crypto';
import { GATEWAY_SEEK_SORTS, type GatewaySortKey, type GatewaySortOrder } from '@portal/contract';
import { AppError } from '../../lib/errors.ts';

/**
 * The keyset cursor of the gateways page (issue 14.9, docs/gateway-operations.md "The list page"): where a
 * window ends, so the window after it is read by a seek (`WHERE (key, mac) > (...)`) instead of skipping an
 * offset. It names the order it was made for, the position of the row after it (the next window's offset, which
 * its answer echoes) and the sort key values of the window's last row: `lower(name)` and the MAC by name, the
 * MAC alone by MAC. Opaque to the browser (base64url of a JSON array) with a checksum, so an altered or truncated
 * cursor is refused rather than read. The checksum is no secret and needs none: a cursor only says where to
 * start within the caller's own scope (the query keeps the scope filter), which an offset says as well.
 */
export interface GatewayCursor {
  sort: GatewaySortKey;
  order: GatewaySortOrder;
  /** The position of the first row after the cursor: the offset of the window it asks. */
  position: number;
  /** The sort key values of the last row: [lower(name), mac] by name, [mac] by MAC. */
  key: string[];
}

const VERSION = 1;

const checksum = (payload: string) => createHash('sha256').update(payload).digest('base64url').slice(0, 12);

/** Whether windows in this order can be asked by cursor. */
export const seekable = (sort: GatewaySortKey) => GATEWAY_SEEK_SORTS.includes(sort);

/** How many key values a cursor of this order carries. */
const keyLength = (sort: GatewaySortKey) => (sort === 'name' ? 2 : 1);

export function encodeCursor(cursor: GatewayCursor): string {
  const payload = Buffer.from(
    JSON.stringify([VERSION, cursor.sort, cursor.order, cursor.position, ...cursor.key]),
  ).toString('base64url');
  return `${payload}.${checksum(payload)}`;
}

export const cursorMessages = {
  invalid: 'Invalid cursor: ask the window by offset',
  otherOrder: 'Invalid cursor: it was made for another sort or order; ask the window by offset',
  notSeekable: (sort: string) => `This sort (${sort}) cannot be paged by cursor; ask the window by offset`,
};

/** The cursor `after` of a window asked in this order; a 400 when it is malformed, altered or of another order. */
export function decodeCursor(text: string, sort: GatewaySortKey, order: GatewaySortOrder): GatewayCursor {
  if (!seekable(sort)) throw new AppError('VALIDATION_ERROR', cursorMessages.notSeekable(sort));
  const invalid = () => new AppError('VALIDATION_ERROR', cursorMessages.invalid);
  const [payload, sum, ...rest] = text.split('.');
  if (!payload || !sum || rest.length > 0 || checksum(payload) !== sum) throw invalid();
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(values)) throw invalid();
  const [version, cursorSort, cursorOrder, position, ...key] = values as unknown[];
  if (version !== VERSION) throw invalid();
  if (cursorSort !== sort || cursorOrder !== order)
    throw new AppError('VALIDATION_ERROR', cursorMessages.otherOrder);
  if (typeof position !== 'number' || !Number.isSafeInteger(position) || position < 1) throw invalid();
  if (key.length !== keyLength(sort) || !key.every((value) => typeof value === 'string')) throw invalid();
  return { sort, order, position, key: key as string[] };
}
