// Every endpoint module, imported for its registrations: the OpenAPI document lists what is declared here.
import './projects';
import './servers';
import './suites';
import './runs';
import './tokens';
import './policy';
import './webhooks';
import './conformance';
import './auth-posture';
import './coverage';
import './monitors';
import './surface';

export { declaredEndpoints } from '@/server/api/endpoint';
