export { trendingService } from './trending.service-definition';
