import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { appUpdateAtom } from "./app-update-state";

// The prompt loads when a new version is found, not with the entry route (its size budget).
const AppUpdatePrompt = lazy(() =>
  import("./app-update-prompt").then((module) => ({ default: module.AppUpdatePrompt })),
);

/** 'A new version is ready — reload', once the service worker has found one. */
export function AppUpdate() {
  return useAtomValue(appUpdateAtom) ? (
    <Suspense fallback={null}>
      <AppUpdatePrompt />
    </Suspense>
  ) : null;
}
