// The monorepo's lingui config lives in packages/i18n (which owns @lingui/conf and the PO
// formatter); this re-export lets lingui tools that search upward from any app find it.
export { default } from "./packages/i18n/lingui.config.ts";
