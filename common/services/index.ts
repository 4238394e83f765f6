/**
 * Calls both apps make, or that the learner shell makes outside any feature. A call that belongs
 * to one learner screen lives in that feature's api/ folder instead.
 */
export * from './auth';
export * from './config';
export * from './msg';
export * from './file';
export * from './menu';
