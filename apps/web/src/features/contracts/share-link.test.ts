import { afterEach, describe, expect, it, vi } from "vitest";
import { canShareLinks, shareLink } from "./share-link";

const link = {
  title: "김씨 대출",
  text: "서명해 주세요",
  url: "https://chayong.test/#/pages/loans/sign?code=x",
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubShare(share: (data: ShareData) => Promise<void>) {
  vi.stubGlobal("navigator", { ...navigator, share, canShare: () => true });
}

describe("sharing a contract link", () => {
  it("opens the phone's share sheet (KakaoTalk, LINE) when there is one, copying nothing", async () => {
    const share = vi.fn(async () => {});
    stubShare(share);
    const copy = vi.fn(async () => true);
    expect(canShareLinks()).toBe(true);
    expect(await shareLink(link, copy)).toBe("shared");
    expect(share).toHaveBeenCalledWith(link);
    expect(copy).not.toHaveBeenCalled();
  });

  it("treats closing the share sheet as a choice, not a failure", async () => {
    stubShare(async () => {
      throw new DOMException("closed", "AbortError");
    });
    const copy = vi.fn(async () => true);
    expect(await shareLink(link, copy)).toBe("cancelled");
    expect(copy).not.toHaveBeenCalled();
  });

  it("copies the link when the share sheet refuses", async () => {
    stubShare(async () => {
      throw new DOMException("no gesture", "NotAllowedError");
    });
    const copy = vi.fn(async () => true);
    expect(await shareLink(link, copy)).toBe("copied");
    expect(copy).toHaveBeenCalledWith(link.url);
  });

  it("copies the link where the browser has no share sheet", async () => {
    vi.stubGlobal("navigator", { ...navigator, share: undefined });
    const copy = vi.fn(async () => false);
    expect(canShareLinks()).toBe(false);
    expect(await shareLink(link, copy)).toBe("failed");
    expect(copy).toHaveBeenCalledWith(link.url);
  });
});
