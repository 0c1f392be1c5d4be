export {
  type ContractStatusCode,
  contractStatusCodes,
  StatusBadge,
  type StatusBadgeProps,
} from "./status-badge";
