export {
  type InstalmentBalanceData,
  InstalmentBalances,
  type InstalmentBalancesProps,
} from "./instalment-balances";
