export {
  ContractCard,
  type ContractCardData,
  type ContractCardLabels,
  type ContractCardProps,
} from "./contract-card";
