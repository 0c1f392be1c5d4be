import type { Api, Area, EndpointOf, ImplementedEndpointId } from "@chayong/sdk";

/**
 * The SDK's endpoint ids as the app's data layer sorts them (types only: the table itself, with
 * its answer schemas, loads with the API chunk, src/session/app-api.ts).
 */

type FunctionOf<Id extends ImplementedEndpointId> = Id extends `${infer A extends Area}.${infer N}`
  ? N extends keyof Api[A]
    ? Api[A][N]
    : never
  : never;

/** What an endpoint's function takes: its request (a file for an upload). */
export type ApiInput<Id extends ImplementedEndpointId> = Parameters<FunctionOf<Id>>[0];

/** What an endpoint answers once the SDK has checked it against the table's answer schema. */
export type ApiAnswer<Id extends ImplementedEndpointId> = Awaited<ReturnType<FunctionOf<Id>>>;

/**
 * Reads: what a screen shows and keeps (envelope answers, the contract document), the downloads
 * (read when the person asks, never kept: src/data/api-query.ts), and opening a contract by its
 * share code: that call binds the borrower once and answers the contract; asking again changes
 * nothing, so the sign page reads it like any other read. The shared-debt lookup is a read too,
 * but one the lender makes on purpose with an ID number in it: an action, never kept.
 */
export type QueryEndpointId =
  | Exclude<
      {
        [Id in ImplementedEndpointId]: EndpointOf<Id>["effect"] extends "read"
          ? EndpointOf<Id>["wire"] extends "multipart"
            ? never
            : Id
          : never;
      }[ImplementedEndpointId],
      "contract.sharedDebt"
    >
  | "contract.open";

/** Calls made when the person acts: every write (an upload too) and the shared-debt lookup. */
export type MutationEndpointId = Exclude<ImplementedEndpointId, QueryEndpointId>;

/** Writes: what may change what a read answered (src/data/invalidations.ts). */
export type WriteEndpointId = {
  [Id in MutationEndpointId]: EndpointOf<Id>["effect"] extends "write" ? Id : never;
}[MutationEndpointId];

/** An upload's variables: the file, and who wants to hear its progress (0-100). */
export interface UploadVariables {
  file: Blob;
  onProgress?: (percent: number) => void;
}

/** What `mutate` takes for an endpoint: its request, or for an upload its file. */
export type MutationVariables<Id extends MutationEndpointId> =
  EndpointOf<Id>["wire"] extends "multipart" ? UploadVariables : ApiInput<Id>;
