export {
  FloatingServiceButton,
  type FloatingServiceButtonProps,
  positionSaveDebounceMs,
} from "./floating-service-button";
export {
  anchorOf,
  type ClampArea,
  clampPosition,
  defaultServiceButtonAnchor,
  defaultServiceButtonPosition,
  isServiceButtonAnchor,
  positionOfAnchor,
  type ServiceButtonAnchor,
  type ServiceButtonPosition,
  type ServiceButtonSide,
  storedServiceButtonPosition,
} from "./position";
