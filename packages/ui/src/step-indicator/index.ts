export { StepIndicator, type StepIndicatorProps } from "./step-indicator";
