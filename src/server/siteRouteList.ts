import { operations } from '../api/operations';
import { uploadedAvatarRoute } from './http/avatarFiles';
import { gitHttpRoute } from './http/gitRoutes';
import type { SiteRoute } from './http/requestHandler';
import type { Router } from './http/router';
import { avatarRoute, swaggerRoute, teahouseVersionRoute } from './http/siteRoutes';
import { attachmentDownloadRoute } from './http/web/attachmentDownload';
import { signInLinkRoute } from './http/web/session/signInLinkRoute';
import { siteAssetsRoute } from './http/web/siteAssets';
import { swaggerUiRoute } from './http/web/swaggerUi/swaggerUiRoute';
import { webRoute } from './http/web/webRoute';
import { handlers } from './routes';
import type { AppServices } from './services/appServices';
import { serverVersion, teahouseVersion } from './version';

/**
 * The paths outside `/api/v1` a server answers, in the order they are tried: the same list for a server of
 * one process and for each worker of one with `--workers` (whose primary adds the control path).
 */
export function siteRoutesOf(app: AppServices, router: Router): SiteRoute[] {
  return [
    swaggerRoute(operations, serverVersion, app.rootUrl),
    swaggerUiRoute(app.rootUrl),
    teahouseVersionRoute(teahouseVersion),
    signInLinkRoute(app),
    avatarRoute,
    uploadedAvatarRoute(app.dataDir),
    attachmentDownloadRoute(app),
    gitHttpRoute(app),
    siteAssetsRoute,
    webRoute({ app, router, handlers }),
  ];
}
