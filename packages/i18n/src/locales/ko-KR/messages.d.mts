// Types for the catalog compiled from messages.po by `lingui compile` (see README).
import type { Messages } from "@lingui/core";

export declare const messages: Messages;
