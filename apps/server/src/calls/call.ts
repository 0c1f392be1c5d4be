import type {
  Access,
  Answer,
  EndpointOf,
  ImplementedEndpointId,
  RequestOutput,
} from "@chayong/sdk/server";
import type { ServerContext } from "../context";
import type { Locale } from "../messages/message-for";
import type { FieldProblem, Outcome } from "../outcome";
import type { Caller } from "./caller";

/** One call as a handler sees it: already decrypted, authenticated and validated. */
export interface Call<C extends Caller | null = Caller | null> {
  ctx: ServerContext;
  caller: C;
  ip: string;
  /** The caller's device as its browser names it (User-Agent, cut short); null when unnamed. */
  device: string | null;
  /** The address the app was reached at (CHAYONG_PUBLIC_URL, or the request's own origin). */
  origin: string;
  locale: Locale;
  /** The server clock read once per call, so one call sees one instant. */
  now: Date;
}

type CallerFor<A extends Access> = A extends "public" ? Caller | null : Caller;

/**
 * What a `csv` endpoint's handler answers: the file's name and its text a chunk at a time, so
 * a large file is streamed rather than built in memory (the client reads the whole text).
 */
export interface CsvDownload {
  fileName: string;
  /** The file in order; the first chunk starts with the byte-order mark. */
  chunks: AsyncIterable<string>;
}

/** What a `pdf` endpoint's handler answers: the file's name and its bytes (built whole). */
export interface PdfDownload {
  fileName: string;
  bytes: Uint8Array;
}

type HandlerAnswer<Id extends ImplementedEndpointId> = EndpointOf<Id>["wire"] extends "csv"
  ? CsvDownload
  : EndpointOf<Id>["wire"] extends "pdf"
    ? PdfDownload
    : Answer<Id>;

export type Handler<Id extends ImplementedEndpointId> = (
  call: Call<CallerFor<EndpointOf<Id>["access"]>>,
  input: RequestOutput<Id>,
) => Promise<Outcome<HandlerAnswer<Id>>>;

/** Implemented endpoints that go through the call pipeline (uploads have their own route). */
export type HandledEndpointId = {
  [Id in ImplementedEndpointId]: EndpointOf<Id>["wire"] extends "multipart" ? never : Id;
}[ImplementedEndpointId];

/** One handler per implemented endpoint of the SDK table: the compiler checks none is missing. */
export type Handlers = { [Id in HandledEndpointId]: Handler<Id> };

/**
 * Every problem of a request its endpoint's schema refused, for an endpoint whose other rules
 * need the caller (the contract form's: the lender's jurisdiction, day and phone). One refusal
 * then lists them all (docs/errors.md), not the schema's first and the rest a request later.
 */
export type InputProblems = (call: Call, payload: unknown) => FieldProblem[];

/** The endpoints that say every problem of a refused request, by id. */
export type InputProblemsOf = Partial<Record<HandledEndpointId, InputProblems>>;
