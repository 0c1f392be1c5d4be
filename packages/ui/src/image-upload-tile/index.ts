export {
  type IdCardPhotoKind,
  ImageUploadTile,
  type ImageUploadTileProps,
  type UploadState,
} from "./image-upload-tile";
