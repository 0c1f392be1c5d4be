import { QueryObserver } from "@tanstack/react-query";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { catalogueModalAtom } from "../session/error-catalogue";
import { tokenAtom } from "../state/storage";
import type { FakeRoute } from "../test/fake-api-server";
import { fakeContract } from "../test/fake-contract";
import { fakeLender } from "../test/fake-user";
import { renderApp } from "../test/render-app";
import { apiQuery, contractListQuery, downloadQuery } from "./api-query";
import { invalidatedBy } from "./invalidations";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const contract = fakeContract(1);

/** The app on login (it reads nothing itself), with a server that knows one contract. */
function renderQuiet(routes: Record<string, FakeRoute> = {}) {
  const app = renderApp("/pages/login/index", {
    signedIn: true,
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
      "/api/v1/contract/detail": () => ({ body: contract }),
      "/api/v1/contract/blockList": () => ({ body: [] }),
      ...routes,
    },
  });
  const calls = (path: string) => app.server.calls.filter((call) => call.path === path);
  return { ...app, calls };
}

/**
 * The login page on screen: its first screen is shown (the router idle is not enough, the app
 * renders nothing until its catalog has arrived).
 */
const loginShown = () => screen.findByRole("button", { name: "인증번호 받기" });

/** Runs one write through the app's mutation cache, as `useApiMutation` does. */
function mutate(app: ReturnType<typeof renderQuiet>, id: string, variables: unknown) {
  return app.queryClient
    .getMutationCache()
    .build(app.queryClient, { mutationKey: [id] })
    .execute(variables);
}

describe("the query client", () => {
  it("calls the endpoint its key names, with the key's request", async () => {
    const app = renderQuiet();
    const answer = await app.queryClient.fetchQuery(
      apiQuery("contract.detail", { id: contract.id }),
    );
    expect(answer.id).toBe(contract.id);
    expect(app.calls("/api/v1/contract/detail").map((call) => call.payload)).toEqual([
      { id: contract.id },
    ]);
  });

  it("asks for each next page with the cursor the last page answered", async () => {
    const app = renderQuiet({
      "/api/v1/contract/query": (payload) => {
        const cursor = (payload as { cursor?: string }).cursor;
        return {
          body: {
            items: [fakeContract(cursor ? 2 : 1)],
            nextCursor: cursor ? null : "page-2",
            total: null,
          },
        };
      },
    });
    const list = contractListQuery({ type: "all" });
    await app.queryClient.fetchInfiniteQuery(list);
    const pages = await app.queryClient.fetchInfiniteQuery({ ...list, pages: 2, staleTime: 0 });
    expect(pages.pages.map((page) => page.items[0]?.id)).toEqual(["contract-1", "contract-2"]);
    expect(app.calls("/api/v1/contract/query").at(-1)?.payload).toEqual({
      type: "all",
      pageSize: 20,
      cursor: "page-2",
    });
  });

  it("marks stale, after a write succeeds, exactly the reads that write names", async () => {
    const app = renderQuiet({ "/api/v1/contract/unblock": () => ({ body: null }) });
    await app.queryClient.fetchQuery(apiQuery("contract.detail", { id: contract.id }));
    await app.queryClient.fetchQuery(apiQuery("contract.blockList"));
    expect(invalidatedBy["contract.unblock"]).toContain("contract.blockList");
    expect(invalidatedBy["contract.unblock"]).not.toContain("contract.detail");

    await mutate(app, "contract.unblock", { phone: "+821012345678" });

    const state = (key: readonly unknown[]) => app.queryClient.getQueryState(key);
    expect(state(apiQuery("contract.blockList").queryKey)?.isInvalidated).toBe(true);
    expect(state(apiQuery("contract.detail", { id: contract.id }).queryKey)?.isInvalidated).toBe(
      false,
    );
  });

  it("settles a write once the reads it names that a screen shows have been read again", async () => {
    const app = renderQuiet({ "/api/v1/contract/unblock": () => ({ body: null }) });
    // On a screen: an observer of the block list, as `useQuery` is.
    const shown = new QueryObserver(app.queryClient, apiQuery("contract.blockList"));
    const stopShowing = shown.subscribe(() => {});
    await vi.waitFor(() => expect(shown.getCurrentResult().isSuccess).toBe(true));
    const firstAnswerAt = shown.getCurrentResult().dataUpdatedAt;
    expect(app.calls("/api/v1/contract/blockList")).toHaveLength(1);

    await mutate(app, "contract.unblock", { phone: "+821012345678" });

    // Already asked again and answered when the write resolves: a page opened next reads it.
    expect(app.calls("/api/v1/contract/blockList")).toHaveLength(2);
    expect(shown.getCurrentResult().isFetching).toBe(false);
    expect(shown.getCurrentResult().dataUpdatedAt).toBeGreaterThan(firstAnswerAt);
    stopShowing();
  });

  it("leaves what a failed write names as it was", async () => {
    const app = renderQuiet({
      "/api/v1/contract/unblock": () => ({ status: 404, message: "not blocked", body: null }),
    });
    await app.queryClient.fetchQuery(apiQuery("contract.blockList"));
    await expect(mutate(app, "contract.unblock", { phone: "+821012345678" })).rejects.toMatchObject(
      { status: 404 },
    );
    expect(
      app.queryClient.getQueryState(apiQuery("contract.blockList").queryKey)?.isInvalidated,
    ).toBe(false);
  });

  it("shows the catalogue's modal for a read that failed with nothing on screen", async () => {
    const app = renderQuiet({
      "/api/v1/contract/detail": () => ({ status: 500, statusCode: 500, message: "boom" }),
    });
    await expect(
      app.queryClient.fetchQuery(apiQuery("contract.detail", { id: contract.id })),
    ).rejects.toMatchObject({ kind: "server-error" });
    expect(app.store.get(catalogueModalAtom)).toEqual({ kind: "relogin" });
  });

  it("keeps quiet about a failed refresh of what is on screen, but for an ended session", async () => {
    let answer: "contract" | "boom" | "ended" = "contract";
    const app = renderQuiet({
      "/api/v1/contract/detail": () =>
        answer === "contract"
          ? { body: contract }
          : answer === "boom"
            ? { status: 500, statusCode: 500, message: "boom" }
            : { status: 301, message: "ended" },
    });
    const detail = apiQuery("contract.detail", { id: contract.id });
    await app.queryClient.fetchQuery(detail);

    answer = "boom";
    await expect(app.queryClient.fetchQuery({ ...detail, staleTime: 0 })).rejects.toBeTruthy();
    expect(app.store.get(catalogueModalAtom)).toBeNull();
    expect(app.queryClient.getQueryData(detail.queryKey)?.id).toBe(contract.id);

    answer = "ended";
    await expect(app.queryClient.fetchQuery({ ...detail, staleTime: 0 })).rejects.toBeTruthy();
    // The session is over on this phone (the app is on login already, so it stays there).
    expect(app.store.get(tokenAtom)).toBeNull();
  });

  it("forgets every answer when the session changes", async () => {
    const app = renderQuiet();
    const detail = apiQuery("contract.detail", { id: contract.id });
    await app.queryClient.fetchQuery(detail);
    app.store.set(tokenAtom, "another-session");
    expect(app.queryClient.getQueryData(detail.queryKey)).toBeUndefined();
  });

  it("gives a download its own time-out and keeps nothing of it", async () => {
    let seen = false;
    const app = renderQuiet({
      "/api/v1/contract/pdf": () => {
        seen = true;
        return new Promise(() => {});
      },
    });
    // Long enough for the call to leave on a loaded machine; the answer never comes.
    const file = downloadQuery("contract.pdf", { id: contract.id }, 1_000);
    await expect(app.queryClient.fetchQuery(file)).rejects.toMatchObject({ kind: "timeout" });
    expect(seen).toBe(true);
    // The catalogue said it (the time-out modal); the file is not kept.
    expect(app.store.get(catalogueModalAtom)).toEqual({ kind: "timeout" });
    await vi.waitFor(() => expect(app.queryClient.getQueryCache().find(file)).toBeUndefined());
  });
});

describe("the page's first reads", () => {
  const envelope = (body: unknown, status = 200) => Promise.resolve({ status, message: "", body });
  const detailPage = `/pages/order/common?id=${contract.id}`;

  function withFirstReads(
    token: string,
    reads: Array<{ id: string; input: object; envelope: Promise<unknown>; sentAt?: number }>,
    abort: () => void = () => {},
  ) {
    (globalThis as Record<string, unknown>).__chayongFirstReads = {
      token,
      reads: reads.map((read) => ({ sentAt: performance.now(), abort, ...read })),
    };
  }

  /** The lender's contract page, whose loader reads the user and the contract. */
  function renderDetail(routes: Record<string, FakeRoute> = {}) {
    const app = renderApp(detailPage, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        "/api/v1/contract/detail": () => ({ body: contract }),
        ...routes,
      },
    });
    return { ...app, calls: (path: string) => app.server.calls.filter((c) => c.path === path) };
  }

  const user = { id: "user.current", input: {} };
  const detail = { id: "contract.detail", input: { id: contract.id } };

  afterEach(() => {
    delete (globalThis as Record<string, unknown>).__chayongFirstReads;
  });

  it("answer the reads of the first screen, each once, without a call", async () => {
    withFirstReads("test-token", [
      { ...user, envelope: envelope(fakeLender) },
      { ...detail, envelope: envelope(contract) },
    ]);
    const app = renderDetail();
    await screen.findByRole("heading", { name: contract.name });
    expect(app.calls("/api/v3/user/queryCashUser")).toHaveLength(0);
    expect(app.calls("/api/v1/contract/detail")).toHaveLength(0);
    // Taken once: the next read of the contract is a call.
    await app.queryClient.fetchQuery({
      ...apiQuery("contract.detail", detail.input),
      staleTime: 0,
    });
    expect(app.calls("/api/v1/contract/detail")).toHaveLength(1);
  });

  it("leave a refusal to the app's own call, and another session's read too", async () => {
    withFirstReads("test-token", [{ ...detail, envelope: envelope(null, 301) }]);
    const refused = renderDetail();
    await screen.findByRole("heading", { name: contract.name });
    expect(refused.calls("/api/v1/contract/detail")).toHaveLength(1);
    cleanup();

    withFirstReads("someone-else", [{ ...detail, envelope: envelope(contract) }]);
    const other = renderDetail();
    await screen.findByRole("heading", { name: contract.name });
    expect(other.calls("/api/v1/contract/detail")).toHaveLength(1);
  });

  it("are read again through the SDK when its answer schema refuses them", async () => {
    withFirstReads("test-token", [
      { ...detail, envelope: envelope({ ...contract, name: "가짜", status: "not-a-status" }) },
    ]);
    const app = renderDetail();
    // Shown as it came, then checked once the page has loaded: refused, read again.
    await vi.waitFor(() => expect(app.calls("/api/v1/contract/detail")).toHaveLength(1));
    expect(await screen.findByRole("heading", { name: contract.name })).toBeTruthy();
  });

  it("are replaced by what the SDK's schema reads of them once the page has loaded", async () => {
    const { name: _name, ...olderAnswer } = fakeLender;
    withFirstReads("test-token", [
      { ...user, envelope: envelope(olderAnswer) },
      { ...detail, envelope: envelope(contract) },
    ]);
    const app = renderDetail();
    await screen.findByRole("heading", { name: contract.name });
    // The schema's reading of an answer without the name: not known yet.
    await vi.waitFor(() =>
      expect(app.queryClient.getQueryData(apiQuery("user.current").queryKey)?.name).toBeNull(),
    );
    expect(app.calls("/api/v3/user/queryCashUser")).toHaveLength(0);
  });

  it("are waited for as long as a call would be, counted from when they left, then given up", async () => {
    let aborted = false;
    withFirstReads(
      "test-token",
      // Sent 14.9 s ago: a tenth of a second is left of the 15 s a call may take.
      [{ ...detail, envelope: new Promise(() => {}), sentAt: performance.now() - 14_900 }],
      () => {
        aborted = true;
      },
    );
    const app = renderDetail();
    await vi.waitFor(() => expect(app.store.get(catalogueModalAtom)).toEqual({ kind: "timeout" }));
    expect(aborted).toBe(true);
    expect(app.calls("/api/v1/contract/detail")).toHaveLength(0);
  });

  it("that the first screen did not take are dropped once it is shown", async () => {
    withFirstReads("test-token", [{ ...detail, envelope: envelope(contract) }]);
    const app = renderQuiet();
    await loginShown();
    await app.queryClient.fetchQuery(apiQuery("contract.detail", detail.input));
    expect(app.calls("/api/v1/contract/detail")).toHaveLength(1);
  });

  it("are dropped when the session changes", async () => {
    const app = renderQuiet();
    await loginShown();
    withFirstReads("test-token", [{ ...detail, envelope: envelope(contract) }]);
    app.store.set(tokenAtom, "test-token-2");
    app.store.set(tokenAtom, "test-token");
    await app.queryClient.fetchQuery(apiQuery("contract.detail", detail.input));
    expect(app.calls("/api/v1/contract/detail")).toHaveLength(1);
  });
});
