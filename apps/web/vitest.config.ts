import { baseProjectConfig } from "@chayong/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

const { include: sourceTests = [], ...shared } = baseProjectConfig.test ?? {};
// Beside src/ (the shared include): the build's own plugins in scripts/.
const allTests = [...sourceTests, "scripts/**/*.test.ts"];

// Files that test what happens once per page load, held in module state: the boot catalog never
// fetching the rest, the zh-TW font loaded once, the offline notice's first failure, the
// launch redirect and the statistics placeholders before the first answer. Run after other files
// in the same worker they see that state already set (found with `--sequence.shuffle`).
const onceAPageLoad = [
  "src/language/boot-screens.test.tsx",
  "src/language/language.test.ts",
  "src/shell/offline-notice.test.tsx",
  "src/session/back.test.tsx",
  "src/features/statistics/statistics-dashboard.test.tsx",
  // Mocks the camera and the face detector modules: after another file in the worker loaded the
  // real ones, the mock would not take (the page then finds no camera).
  "src/features/identity/face-page.test.tsx",
];

export default defineConfig(
  mergeConfig(
    { test: shared },
    {
      define: {
        __CHAYONG_CIPHER_KEY__: JSON.stringify(""),
        __CHAYONG_CIPHER_IV__: JSON.stringify(""),
        __CHAYONG_FACE_MODELS_PATH__: JSON.stringify("face-check/models/"),
        __CHAYONG_FACE_WASM_PATH__: JSON.stringify("face-check/wasm/"),
      },
      test: {
        environment: "happy-dom",
        setupFiles: ["src/test/setup.ts"],
        projects: [
          {
            extends: true,
            // The rest share each worker's modules (the shared `isolate: false`): the suite took
            // 152 s alone on a 2-core machine with every file isolated, 30 s this way.
            test: { name: "shared", include: allTests, exclude: onceAPageLoad },
          },
          {
            extends: true,
            test: { name: "once-a-page-load", include: onceAPageLoad, isolate: true },
          },
        ],
      },
    },
  ),
);
