// The boot part of the zh-TW catalog as its own module (see src/boot-messages.ts): a bundler keeps
// each part in its own chunk, and a browser fetches the rest only when it needs it.
export { messages } from "../locales/zh-TW/boot.mjs";
