// Types for the boot part of the compiled catalog, written by scripts/split-catalogs.ts (see README).
import type { Messages } from "@lingui/core";

export declare const messages: Messages;
