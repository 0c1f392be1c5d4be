import { createMemoryHistory, type RouterHistory } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { createStore } from "jotai";
import { onTestFinished } from "vitest";
import { App, type AppInstance, createApp } from "../app/bootstrap";
import { tokenAtom } from "../state/storage";
import { type FakeRoute, fakeApiServer } from "./fake-api-server";

/** The whole app (providers, router, catalogue, API) in memory, at `path`. */
export function renderApp(
  path: string,
  options: {
    signedIn?: boolean;
    routes?: Record<string, FakeRoute>;
    /** Another history than one in memory (e.g. the browser's, for its back button). */
    history?: RouterHistory;
  } = {},
): AppInstance & { server: ReturnType<typeof fakeApiServer> } {
  // What the app starts on the page (a language on its way, the window's listeners) must not
  // reach the next test's app: one page holds them all. Asked first, so a caller outside a test
  // (a beforeAll) fails before anything starts: renderApp belongs in a test or a beforeEach.
  onTestFinished(() => app.stop());
  const store = createStore();
  if (options.signedIn ?? true) store.set(tokenAtom, "test-token");
  const server = fakeApiServer(options.routes ?? {});
  const app = createApp({
    store,
    history: options.history ?? createMemoryHistory({ initialEntries: [path] }),
    settings: { baseUrl: "http://chayong.test/", cipherKeyHex: "", cipherIvHex: "" },
    fetch: server.fetch,
  });
  render(<App app={app} />);
  return { ...app, server };
}
