export * from './base';
export * from './user';
export * from './system';
