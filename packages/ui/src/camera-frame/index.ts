export { CameraFrame, type CameraFrameProps, type CameraFrameState } from "./camera-frame";
