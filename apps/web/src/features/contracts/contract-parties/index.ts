export { ContractPartiesSection } from "./contract-parties";
