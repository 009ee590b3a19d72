import { messageResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphConfigurationsQueryKey } from '../../../api/get-graph-configurations.ts';
import { apiRequest } from '../../../lib/api.ts';
import {
  type GraphConfiguration,
  type GraphOption,
  graphOptionPath,
  withGraphOption,
} from '../graph-option.ts';

export interface ApplyGraphOption {
  scopeId: string;
  option: GraphOption;
}

/** POST /api/iotdevices/{On|Off}/scopeId/{id}: turns the grey offline areas of the scope's graphs on or off. */
export async function applyGraphOption({ scopeId, option }: ApplyGraphOption): Promise<string> {
  const { message } = await apiRequest(graphOptionPath(option, scopeId), {
    method: 'POST',
    schema: messageResponse,
  });
  return message;
}

export function useApplyGraphOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyGraphOption,
    onSuccess: (_message, { scopeId, option }) =>
      queryClient.setQueryData<GraphConfiguration[]>(graphConfigurationsQueryKey, (configurations) =>
        configurations ? withGraphOption(configurations, scopeId, option) : configurations,
      ),
  });
}
