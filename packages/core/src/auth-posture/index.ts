export * from './auth-posture-types';
export * from './catalog';
export * from './evaluate-auth-posture';
export * from './auth-posture-assertion-results';
export * from './auth-posture-from-assertion';
export * from './auth-posture-junit';
