export { formatMoney, type MoneyCurrency, MoneyText, type MoneyTextProps } from "./money-text";
