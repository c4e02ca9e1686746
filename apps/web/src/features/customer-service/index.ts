// Customer service opens from the home page, Mine, settings and the recharge pages.
export { CustomerServiceButton, CustomerServiceItem } from './components/customer-service-item';
export { useCustomerServiceSheet } from './components/use-customer-service-sheet';
