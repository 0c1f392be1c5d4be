import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { actionKeys, isCreation } from "./action-key";
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
  const [keys] = useState(actionKeys);
  const mutation = useMutation<ApiAnswer<Id>, Error, MutationVariables<Id>>({
    ...options,
    mutationKey: [id],
    onSuccess: (...args) => {
      keys.succeeded();
      return options.onSuccess?.(...args);
    },
  });
  if (!isCreation(id)) return mutation;
  // A creation carries its action's key, so sending it again never creates it twice.
  const keyed = (variables: MutationVariables<Id>) =>
    ({ ...variables, idempotencyKey: keys.keyFor(variables) }) as MutationVariables<Id>;
  type Options = Parameters<typeof mutation.mutate>[1];
  // TanStack types the arguments as a rest tuple (variables optional when void): ours never are.
  const mutate = ((variables: MutationVariables<Id>, mutateOptions?: Options) =>
    mutation.mutate(keyed(variables), mutateOptions)) as typeof mutation.mutate;
  const mutateAsync = ((variables: MutationVariables<Id>, mutateOptions?: Options) =>
    mutation.mutateAsync(keyed(variables), mutateOptions)) as typeof mutation.mutateAsync;
  return { ...mutation, mutate, mutateAsync };
}
