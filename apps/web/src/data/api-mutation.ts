import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import type { ApiAnswer, MutationEndpointId, MutationVariables } from "./api-endpoints";

export type ApiMutationOptions<Id extends MutationEndpointId> = Omit<
  UseMutationOptions<ApiAnswer<Id>, Error, MutationVariables<Id>>,
  "mutationKey" | "mutationFn"
>;

/**
 * A write (or a download) of one endpoint, when the person acts: the query client's default
 * mutation function makes the call, its cache applies the error catalogue and, once the write
 * succeeded, marks stale what it changed (src/data/query-client.ts). `mutateAsync` resolves with
 * the SDK's checked answer.
 */
export function useApiMutation<Id extends MutationEndpointId>(
  id: Id,
  options: ApiMutationOptions<Id> = {},
) {
  return useMutation<ApiAnswer<Id>, Error, MutationVariables<Id>>({
    ...options,
    mutationKey: [id],
  });
}
