// Customer service opens from the home page, Mine, settings and the recharge pages.
export { CustomerServiceButton, CustomerServiceItem, useCustomerServiceSheet } from './components/customer-service-item';
