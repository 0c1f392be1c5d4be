// Replaced at build time by vite.config.ts `define` (empty string = transport development default).
declare const __CHAYONG_CIPHER_KEY__: string;
declare const __CHAYONG_CIPHER_IV__: string;
