// A worker's entry: registers tsx (the server's TypeScript loader) in this thread, then loads the
// job's own module, named by the pool in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
