import { createHashHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { routeTree } from "./routeTree.gen";

const router = createRouter({ routeTree, history: createHashHistory(), basepath: "/" });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

const app = document.getElementById("app");
if (app) {
  createRoot(app).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
