import { configure } from "@testing-library/react";
import { vi } from "vitest";

// findBy* and waitFor wait up to 5 s instead of 1 s: on a loaded 2-core CI machine a lazy page
// chunk and its messages can take longer than a second to arrive, and a test should fail on
// what the screen shows, not on how busy the machine is.
const asyncTimeoutMs = 5000;
configure({ asyncUtilTimeout: asyncTimeoutMs });

// The same for vitest's vi.waitFor (1 s unless told): a router still 'pending' after a second
// under a CI load of 14 failed a test that passes on a quiet machine. A test that names its own
// timeout keeps it.
const waitForOneSecond = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitForOneSecond(
    callback,
    typeof options === "number" ? options : { timeout: asyncTimeoutMs, ...options },
  )) as typeof vi.waitFor;
