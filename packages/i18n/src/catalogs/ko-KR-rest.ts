// The rest part of the ko-KR catalog as its own module (see src/boot-messages.ts): a bundler keeps
// each part in its own chunk, and a browser fetches the rest only when it needs it.
export { messages } from "../locales/ko-KR/rest.mjs";
