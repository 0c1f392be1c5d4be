export * from "./calendar-date";
