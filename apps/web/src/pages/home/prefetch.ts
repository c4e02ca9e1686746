export { prefetchHome } from '../../features/content/screens/home-prefetch';
