import { json } from '../http/respond';
import { API, type OssRouter } from './context';

export function registerSourceRoutes(router: OssRouter): void {
  router.get(`${API}/sources`, (ctx) => json({ data: structuredClone(ctx.state.oss.sources) }));
}
