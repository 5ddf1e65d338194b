import { getProjectBadgeEndpoint } from '@/server/api/endpoints/projects';
import { withApi } from '@/server/api/with-api';
import { projectBadgeUrls } from '@/server/services/badges/badge-urls';
import { ensureProjectBadgeKey } from '@/server/services/badges/ensure-project-badge-key';

export const GET = withApi(getProjectBadgeEndpoint, async ({ deps, actor, params }) => ({
  body: projectBadgeUrls(deps.appUrl, await ensureProjectBadgeKey(deps, actor, params.id ?? '')),
}));
