export {
  checkSignature,
  defaultSignatureLimits,
  type SignatureCheck,
  type SignatureData,
  type SignatureLimits,
  type SignaturePoint,
} from "./signature-data";
export {
  SignaturePad,
  type SignaturePadLabels,
  type SignaturePadProps,
  type SignatureResult,
} from "./signature-pad";
