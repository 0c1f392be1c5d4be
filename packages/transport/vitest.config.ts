import { defineChayongProject } from "@chayong/vitest-config";

export default defineChayongProject();
