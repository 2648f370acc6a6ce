export { newsroomService } from './newsroom.service-definition';
