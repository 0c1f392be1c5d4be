import { defineChayongProject } from "@chayong/vitest-config";

export default defineChayongProject({
  test: {
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
  },
});
