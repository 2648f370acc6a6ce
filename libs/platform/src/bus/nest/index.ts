export * from './bus.context';
export * from './bus-exception.filter';
export * from './bus.transport';
