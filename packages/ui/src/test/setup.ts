// Unmounts what each test rendered (vitest runs without globals, so RTL cannot do it by itself).
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
});
