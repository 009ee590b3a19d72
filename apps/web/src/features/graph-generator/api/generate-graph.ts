import { type GraphRequest, type GraphResponse, graphResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/graph-generator/generate (ours; spec 002 section 7 'Path not shown'): a chart or a question. */
export function generateGraph(request: GraphRequest, signal?: AbortSignal): Promise<GraphResponse> {
  return apiRequest('/api/graph-generator/generate', {
    method: 'POST',
    body: request,
    schema: graphResponse,
    signal,
  });
}
