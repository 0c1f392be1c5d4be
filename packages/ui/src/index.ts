// @chayong/ui: the Chayong React UI kit. Styles: import "@chayong/ui/styles.css" once in the app.
export * from "./button";
export * from "./checkbox";
export * from "./contract-card";
export * from "./date-field";
export * from "./empty-state";
export * from "./money-field";
export * from "./money-text";
export * from "./segmented-control";
export * from "./select";
export * from "./stat-card";
export * from "./status-badge";
export * from "./text-field";
