export { ListSkeleton, type ListSkeletonProps } from "./list-skeleton";
