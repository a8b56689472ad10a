import type { Principal } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import type { Logger } from '@/lib/logger';

// The shapes a request of ours takes on its way through lib/api/with-api.ts.

export type RouteParams = Record<string, string | string[] | undefined>;
export type RouteContext = { params: Promise<RouteParams> };
export type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

export type RequestContext = {
  req: Request;
  url: URL;
  requestId: string;
  lang: Lang;
  log: Logger;
  params: RouteParams;
};

export type ApiContext = RequestContext & { principal: Principal };
