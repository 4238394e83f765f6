export * from './auth';
export * from './config';
export * from './msg';
export * from './notice';
export * from './file';
export * from './menu';
