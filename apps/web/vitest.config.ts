import { defineChayongProject } from "@chayong/vitest-config";

export default defineChayongProject({
  define: {
    __CHAYONG_CIPHER_KEY__: JSON.stringify(""),
    __CHAYONG_CIPHER_IV__: JSON.stringify(""),
  },
  test: {
    environment: "happy-dom",
  },
});
