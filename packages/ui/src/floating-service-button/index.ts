export {
  FloatingServiceButton,
  type FloatingServiceButtonProps,
  positionSaveDebounceMs,
} from "./floating-service-button";
export {
  type ClampArea,
  clampPosition,
  defaultServiceButtonPosition,
  type ServiceButtonPosition,
} from "./position";
