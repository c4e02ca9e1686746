export { ChasesTable } from './components/chases-table';
