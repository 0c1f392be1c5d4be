import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { borrowerAPhone, contractDraft, logInCast } from "../testing/fixtures";
import { startTestServer, type TestServer } from "../testing/test-server";
import {
  documentContentSecurityPolicy,
  documentFontFamily,
  documentFontsEntry,
  documentFontsHref,
} from "./document-fonts";

/** A built web app as far as the document needs it: index.html, the manifest, the stylesheet. */
function webBuild(fontsFile: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), "chayong-web-"));
  mkdirSync(join(dir, ".vite"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>app</title>");
  writeManifest(dir, fontsFile);
  if (fontsFile) writeFileSync(join(dir, fontsFile), "@font-face{font-family:'Noto Sans TC'}");
  return dir;
}

function writeManifest(dir: string, fontsFile: string | null, modified = new Date()): void {
  const manifest = join(dir, ".vite", "manifest.json");
  const entries = {
    "index.html": { file: "assets/index-abc.js", isEntry: true },
    ...(fontsFile ? { [documentFontsEntry]: { file: fontsFile, isEntry: true } } : {}),
  };
  writeFileSync(manifest, JSON.stringify(entries));
  utimesSync(manifest, modified, modified);
}

describe("documentFontsHref", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("finds the hashed stylesheet in the build's manifest, and again after a new build", () => {
    const dir = webBuild("assets/document-fonts-A1b2.css");
    dirs.push(dir);
    expect(documentFontsHref(dir)).toBe("/assets/document-fonts-A1b2.css");
    writeManifest(dir, "assets/document-fonts-C3d4.css", new Date(Date.now() + 5_000));
    expect(documentFontsHref(dir)).toBe("/assets/document-fonts-C3d4.css");
  });

  it("is null without a web app, without a manifest, or without the entry", () => {
    expect(documentFontsHref(null)).toBeNull();
    const empty = mkdtempSync(join(tmpdir(), "chayong-web-"));
    dirs.push(empty);
    expect(documentFontsHref(empty)).toBeNull();
    const withoutEntry = webBuild(null);
    dirs.push(withoutEntry);
    expect(documentFontsHref(withoutEntry)).toBeNull();
  });
});

describe("the contract document's fonts", () => {
  const fontsFile = "assets/document-fonts-Zz9.css";
  let webDir: string;
  let ts: TestServer;

  beforeAll(async () => {
    webDir = webBuild(fontsFile);
    ts = await startTestServer({ CHAYONG_WEB_DIR: webDir });
  });
  afterAll(async () => {
    await ts?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("links the app's font stylesheet from the same origin and its policy allows it", async () => {
    const cast = await logInCast(ts);
    const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));

    const ko = await cast.lenderA.api.contract.view({ id: contract.id });
    expect(ko).toContain(`<link rel="stylesheet" href="/${fontsFile}">`);
    expect(ko).toContain(
      `<meta http-equiv="Content-Security-Policy" content="${documentContentSecurityPolicy}">`,
    );
    expect(documentContentSecurityPolicy).toContain("font-src 'self'");
    expect(documentContentSecurityPolicy).toContain("style-src 'self'");
    expect(documentContentSecurityPolicy).not.toContain("script-src");
    expect(ko).toContain(`font-family:${documentFontFamily("ko-KR")}`);
    expect(documentFontFamily("ko-KR")).toMatch(/^"Pretendard Variable"/);

    const zh = ts.client();
    zh.token = cast.lenderA.token;
    zh.locale = "zh-TW";
    const zhDocument = await zh.api.contract.view({ id: contract.id });
    expect(zhDocument).toContain(`font-family:${documentFontFamily("zh-TW")}`);
    expect(documentFontFamily("zh-TW")).toMatch(/^"Noto Sans TC"/);

    // The stylesheet is the web app's own file, served by this server.
    const stylesheet = await fetch(`${ts.url}/${fontsFile}`);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get("content-type")).toMatch(/^text\/css/);
  });
});
