/// <reference types="vite-plugin-pwa/client" />
// Replaced at build time by vite.config.ts `define` (empty string = transport development default).
declare const __CHAYONG_CIPHER_KEY__: string;
declare const __CHAYONG_CIPHER_IV__: string;
// Set by scripts/face-models-plugin.ts: where the face check's model and .wasm files are served,
// relative to the app's base (each ends with /).
declare const __CHAYONG_FACE_MODELS_PATH__: string;
declare const __CHAYONG_FACE_WASM_PATH__: string;
