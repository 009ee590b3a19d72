import { FIRMWARE_RULES, type FirmwareKind, type UploadResponse, uploadResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';
import { KIND_PAGES } from '../firmware-kinds.ts';

/**
 * Multipart POST of the file (`upload`) and its `info` (spec 001 section 3): name, fileName, type, version,
 * scopes (a map for gateway firmware and OS patches, a list of one-key objects for customer firmware),
 * description.
 */
export function uploadFirmware(
  kind: FirmwareKind,
  input: { file: File; version: string; description: string; scopeIds: string[] },
): Promise<UploadResponse> {
  const rules = FIRMWARE_RULES[kind];
  const scopes =
    kind === 'customerFw'
      ? input.scopeIds.map((id) => ({ [id]: [] }))
      : Object.fromEntries(input.scopeIds.map((id) => [id, []]));
  const info = {
    name: rules.uploadName,
    fileName: input.file.name,
    type: rules.type,
    version: input.version,
    scopes,
    description: input.description,
  };
  const body = new FormData();
  body.append('info', JSON.stringify(info));
  body.append('upload', input.file, input.file.name);
  return apiRequest(KIND_PAGES[kind].uploadPath, { method: 'POST', body, schema: uploadResponse });
}
