import type { Api } from "@chayong/sdk";
import { atom } from "jotai";

export type Template = Awaited<ReturnType<Api["template"]["add"]>>;

/** The template picked on the template list for the contract being created (read once). */
export const chosenTemplateAtom = atom<Template | null>(null);
