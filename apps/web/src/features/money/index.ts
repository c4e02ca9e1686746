// What other features may use of money: the balance they show, or refresh after an order.
export { assetsQuery, refreshMoney, type Assets } from './api/money-queries';
