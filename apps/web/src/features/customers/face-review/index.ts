export { FaceReviewPanel } from "./face-review-panel";
