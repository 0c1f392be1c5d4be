import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { goBack } from "./back";

/**
 * The page header's back: history, or, when this is the first page, `parent` (the order list
 * unless the page names the one it belongs to).
 */
export function useBack(parent?: string): () => void {
  const router = useRouter();
  return useCallback(() => goBack(router, parent), [router, parent]);
}
