export { runAuthPosture, type RunAuthPostureOptions, type AuthPostureReport } from './run-auth-posture';
export { DEFAULT_OTHER_RESOURCE, type PostureCredentials } from './obtain-posture-tokens';
