// Codec throughput: encrypt and decrypt of a 1 KB and a 100 KB JSON payload with the portable
// engine (phone browsers) and with the node engine (the server), whole codec calls both (base64
// and UTF-8 included). Runs the sources directly, no build needed:
//   pnpm --filter @chayong/transport bench      (= node --experimental-strip-types bench/codec.bench.ts)
import { createCodec, portableCipherEngine } from "../src/codec/codec.ts";
import { nodeCipherEngine } from "../src/codec/node-engine.ts";
import { codecSettingsFromEnv } from "../src/codec/settings.ts";

const { key, iv } = codecSettingsFromEnv({});
const codec = createCodec({ key, iv, engine: portableCipherEngine });
const native = createCodec({ key, iv, engine: nodeCipherEngine });
const algorithm = `aes-${key.length * 8}-cbc`;

const utf8 = new TextEncoder();
const envelopeOf = (body: unknown) => JSON.stringify({ status: 200, message: "", body });

/** A contract list answer of about `bytes` UTF-8 bytes, Korean and Chinese text included. */
function contractListJson(bytes: number): string {
  const contracts: unknown[] = [];
  for (let i = 0; utf8.encode(envelopeOf(contracts)).length < bytes - 110; i++) {
    contracts.push({
      id: `c-${i}`,
      name: i % 2 ? "홍길동" : "陳大文",
      borrowerPhone: "+821012345678",
      loanAmount: 1_000_000 + i,
      status: "type6",
    });
  }
  return envelopeOf(contracts);
}

function measure(run: () => void, minimumMs = 1000): number {
  for (let i = 0; i < 50; i++) run(); // warm-up
  let operations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minimumMs) {
    for (let i = 0; i < 10; i++) run();
    operations += 10;
    elapsed = performance.now() - start;
  }
  return operations / (elapsed / 1000);
}

const rows: string[] = [];
for (const [label, size] of [
  ["1 KB", 1024],
  ["100 KB", 100 * 1024],
] as const) {
  const json = contractListJson(size);
  const bytes = utf8.encode(json).length;
  const ciphertext = codec.encrypt(json);
  if (codec.decrypt(ciphertext) !== json || native.encrypt(json) !== ciphertext) {
    throw new Error("the engines disagree");
  }
  for (const [operation, portableRun, nativeRun] of [
    ["encrypt", () => codec.encrypt(json), () => native.encrypt(json)],
    ["decrypt", () => codec.decrypt(ciphertext), () => native.decrypt(ciphertext)],
  ] as const) {
    const perSecond = measure(portableRun);
    const nativePerSecond = measure(nativeRun);
    const mbPerSecond = (perSecond * bytes) / 1e6;
    const nativeMbPerSecond = (nativePerSecond * bytes) / 1e6;
    rows.push(
      `| ${label} (${bytes} B) | ${operation} | ${Math.round(perSecond).toLocaleString("en")} | ` +
        `${mbPerSecond.toFixed(1)} | ${nativeMbPerSecond.toFixed(1)} | ${(nativeMbPerSecond / mbPerSecond).toFixed(1)}x |`,
    );
  }
}

console.info(`Node ${process.version}, ${algorithm}`);
console.info(
  "| payload | operation | portable ops/s | portable MB/s | node engine MB/s | node / portable |",
);
console.info("|---|---|---:|---:|---:|---:|");
for (const row of rows) console.info(row);
