// Development and test entry of a check pool's thread: workspace packages export TypeScript source, so the thread
// registers tsx before loading check-thread.ts (the production bundle runs dist/check-thread.js instead).
import { register } from 'tsx/esm/api';

register();
const { default: checkThread } = await import('./check-thread.ts');

export default checkThread;
