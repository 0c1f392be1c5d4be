import type { Api } from "@chayong/sdk";
import { sessionScopedAtom } from "../../state/session-scoped";

export type Template = Awaited<ReturnType<Api["template"]["add"]>>;

/** The template picked on the template list for the contract being created (read once). */
export const chosenTemplateAtom = sessionScopedAtom<Template | null>(null);
