import { uploadImagesResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';
import type { CustomerImages, UploadImagesResponse } from '../create-customer.ts';

/**
 * Multipart POST /v1/auth-service/upload-images-files: logoFile and/or favIconFile, scopeId, and includedFiles
 * naming the file fields sent (comma-separated, e.g. 'logoFile,favIconFile').
 */
export function uploadImages(scopeId: string, images: CustomerImages<File>): Promise<UploadImagesResponse> {
  const form = new FormData();
  const included: string[] = [];
  if (images.logo) {
    form.append('logoFile', images.logo, images.logo.name);
    included.push('logoFile');
  }
  if (images.favicon) {
    form.append('favIconFile', images.favicon, images.favicon.name);
    included.push('favIconFile');
  }
  form.append('scopeId', scopeId);
  form.append('includedFiles', included.join(','));
  return apiRequest('/v1/auth-service/upload-images-files', {
    method: 'POST',
    body: form,
    schema: uploadImagesResponse,
  });
}
