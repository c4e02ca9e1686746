export { ChasesTable } from './components/chases-table';
export { LateDrawsAlert } from './components/late-draws-alert';
