import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { goBack } from "./back";

/** The page header's back: history, or the order list when this is the first page. */
export function useBack(): () => void {
  const router = useRouter();
  return useCallback(() => goBack(router), [router]);
}
