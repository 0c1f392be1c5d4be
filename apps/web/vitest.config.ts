import { defineChayongProject } from "@chayong/vitest-config";

export default defineChayongProject({
  define: {
    __CHAYONG_CIPHER_KEY__: JSON.stringify(""),
    __CHAYONG_CIPHER_IV__: JSON.stringify(""),
    __CHAYONG_FACE_MODELS_PATH__: JSON.stringify("face-check/models/"),
    __CHAYONG_FACE_WASM_PATH__: JSON.stringify("face-check/wasm/"),
  },
  test: {
    environment: "happy-dom",
    // Beside src/ (the shared include): the build's own plugins in scripts/.
    include: ["scripts/**/*.test.ts"],
    setupFiles: ["src/test/setup.ts"],
  },
});
