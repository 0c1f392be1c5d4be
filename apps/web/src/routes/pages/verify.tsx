import { createFileRoute } from "@tanstack/react-router";
import { DocumentCheckPage } from "../../features/document-check/document-check-page";

// Open to anyone (src/session/login-redirect.ts): a signed PDF's audit page links here.
export const Route = createFileRoute("/pages/verify")({
  staticData: { titleId: "documentCheck.title" },
  component: DocumentCheckPage,
});
