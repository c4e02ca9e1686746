// What other features use of the operators: the full list, for pickers.
export { useAllOperators } from './api/operator-calls';
